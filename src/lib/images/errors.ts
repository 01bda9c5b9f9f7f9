/** Why a picked file cannot be uploaded, with the Indonesian text shown to staff. */
export class ImageFileError extends Error {
  constructor(
    readonly reason: 'not-an-image' | 'too-large-file' | 'too-many-pixels' | 'unreadable',
    message: string,
  ) {
    super(message)
    this.name = 'ImageFileError'
  }
}

export const IMAGE_FILE_MESSAGES = {
  'not-an-image': 'File bukan gambar yang didukung. Gunakan gambar JPG, PNG atau WebP.',
  'too-large-file': 'Ukuran file melebihi 40 MB. Pilih foto yang lebih kecil.',
  'too-many-pixels': 'Resolusi gambar terlalu besar (lebih dari 100 megapiksel).',
  unreadable: 'Gambar rusak atau tidak dapat dibaca. Pilih file lain.',
} as const

export const imageFileError = (reason: keyof typeof IMAGE_FILE_MESSAGES) => new ImageFileError(reason, IMAGE_FILE_MESSAGES[reason])
