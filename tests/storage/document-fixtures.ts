/** Small files of the formats the `documents` bucket takes, built byte by byte. */

/** A PDF header and body: what file-type reads as application/pdf. */
export function pdf(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Title (${text}) >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);
}

/** One stored (uncompressed) zip entry; readers of the type look at names and contents only. */
function zipEntry(name: string, data: string): Buffer {
  const nameBytes = Buffer.from(name);
  const body = Buffer.from(data);
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt32LE(body.length, 18);
  header.writeUInt32LE(body.length, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([header, nameBytes, body]);
}

/** An OpenDocument text: its first entry is the uncompressed `mimetype`. */
export function odt(): Buffer {
  return Buffer.concat([zipEntry('mimetype', 'application/vnd.oasis.opendocument.text'), zipEntry('content.xml', '<office:document-content/>')]);
}

/** A Word document: its content types name the main part. */
export function docx(): Buffer {
  return Buffer.concat([
    zipEntry('[Content_Types].xml',
      '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
    zipEntry('word/document.xml', '<w:document/>'),
  ]);
}
