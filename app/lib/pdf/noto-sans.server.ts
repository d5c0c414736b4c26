import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

/**
 * Noto Sans, embedded and subset to the glyphs a document uses: the standard PDF fonts have no
 * '₦' and no Yoruba marks ('Ọlálékan Àdìgún'), so names would be printed wrongly.
 */
const require = createRequire(import.meta.url);
const fontFile = (name: string) =>
  readFile(require.resolve(`@expo-google-fonts/noto-sans/${name}/NotoSans_${name}.ttf`));

type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];
/** What @pdf-lib/fontkit's TrueType subset keeps while it copies glyphs (not in its types). */
type BufferClass = { alloc(size: number): Uint8Array };
type TrueTypeSubset = {
  _addGlyph?: (glyphId: number) => number;
  glyf?: Uint8Array[];
  offset?: number;
};

/**
 * @pdf-lib/fontkit 1.1.1 writes a subset under 64 KB with the short `loca` table (offsets halved)
 * but copies each glyph's outline as the font has it, and many of Noto Sans's are of an odd
 * length: every glyph after one is read a byte off, so most letters are drawn blank (poppler,
 * PDFium) while the text still extracts. Upstream fontkit fixed it in 1.8 (foliojs/fontkit#191);
 * here each outline is padded to an even length, as the short table requires.
 */
const evenGlyphFontkit: Fontkit = {
  create(buffer, postscriptName) {
    const font = fontkit.create(buffer, postscriptName);
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      const copies = subset as unknown as TrueTypeSubset;
      const addGlyph = copies._addGlyph?.bind(subset);
      if (!addGlyph) return subset;
      copies._addGlyph = (glyphId) => {
        const index = addGlyph(glyphId);
        const outline = copies.glyf?.[index];
        if (copies.glyf && outline && outline.length % 2 === 1 && copies.offset !== undefined) {
          // Of the outline's own Buffer class: fontkit's bundled streams take no other.
          const padded = (outline.constructor as unknown as BufferClass).alloc(outline.length + 1);
          padded.set(outline);
          copies.glyf[index] = padded;
          copies.offset += 1;
        }
        return index;
      };
      return subset;
    };
    return font;
  },
};

/**
 * Noto Sans regular and bold in `pdf`, regular embedded first (the order is in the bytes).
 *
 * Without its 'ccmp' feature: it splits a dotted letter under a tone mark ('ọ̀' in 'Adébáyọ̀')
 * into 'o' and a dot for the font's mark positioning, which pdf-lib does not do, and the PDF's
 * text then reads every 'o' in that font as 'ọ' ('Certificate ọf Cọmpletiọn'). Kept whole, the
 * letter looks the same and its text is right.
 */
export async function embedNotoSans(
  pdf: PDFDocument,
): Promise<{ regular: PDFFont; bold: PDFFont }> {
  pdf.registerFontkit(evenGlyphFontkit);
  const [regularFile, boldFile] = await Promise.all([fontFile("400Regular"), fontFile("700Bold")]);
  // A new features object each time: fontkit writes its defaults into the one it is given.
  const regular = await pdf.embedFont(regularFile, { subset: true, features: { ccmp: false } });
  const bold = await pdf.embedFont(boldFile, { subset: true, features: { ccmp: false } });
  return { regular, bold };
}
