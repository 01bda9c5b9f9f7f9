// Browser-side photo pipeline shared by the gallery uploader and the article editor.
export { prepareImage, MAX_LONG_SIDE, TARGET_BYTES, MAX_SOURCE_BYTES, type PreparedImage } from './prepare-image'
export { sniffFile, sniffImageKind, type ImageKind } from './sniff'
export { ImageFileError, IMAGE_FILE_MESSAGES } from './errors'
export { transformedUrl, responsiveImage, originalUrl, fallbackProps, transformsEnabled, type ImageTarget } from './transform'
