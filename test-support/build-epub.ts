// A small, valid EPUB 3 built in memory: tests of the Shonagon library import it (and cut it short).
import { strToU8, zipSync } from 'fflate';

/** Chapters are stored in the given order; `spine` lists their file names in reading order. */
export function buildEpub(chapters: Array<{ file: string; html: string }>, spine: string[], meta = '<dc:title>テスト本</dc:title><dc:creator>著者名</dc:creator><dc:date>1999-04-01</dc:date>') {
  const files: Record<string, Uint8Array> = {
    mimetype: strToU8('application/epub+zip'),
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'OEBPS/content.opf': strToU8(
      `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">${meta}</metadata><manifest>${chapters
        .map((chapter, index) => `<item id="c${index}" href="${chapter.file}" media-type="application/xhtml+xml"/>`)
        .join('')}</manifest><spine>${spine.map((file) => `<itemref idref="c${chapters.findIndex((chapter) => chapter.file === file)}"/>`).join('')}</spine></package>`,
    ),
  };
  for (const chapter of chapters) files[`OEBPS/${chapter.file}`] = strToU8(`<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body>${chapter.html}</body></html>`);
  return zipSync(files);
}
