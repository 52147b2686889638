import { existsSync } from 'node:fs';

/** Fonts with Chinese and Japanese glyphs, where Debian's packages put them. */
const CJK_FONTS = [
  { regular: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKjp-Regular' },
  { regular: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf' },
  { regular: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
];
const LATIN_FONTS = [
  {
    regular: '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf',
    bold: '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf',
  },
  {
    regular: '/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf',
    bold: '/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf',
  },
];

export interface PdfFont {
  /** A font file with its family inside a collection, or a PDF standard font name. */
  regular: { src: string; family?: string };
  bold: { src: string; family?: string };
  /** Whether it writes the language's own script. */
  coversLanguage: boolean;
}

const CJK_LANGUAGES = ['ja', 'jp', 'zh-CN'];

/**
 * The font of a PDF in a language: a system font with the language's script when there is one, else the
 * standard Helvetica (Latin only). Chinese and Japanese need a CJK font (Debian: fonts-noto-cjk); without
 * one, `coversLanguage` is false and the PDF is written in English (docs/tasks.md).
 */
export function pdfFont(language: string): PdfFont {
  if (CJK_LANGUAGES.includes(language)) {
    const cjk = CJK_FONTS.find((font) => existsSync(font.regular));
    if (cjk) {
      const face = { src: cjk.regular, ...(cjk.family ? { family: cjk.family } : {}) };
      return { regular: face, bold: face, coversLanguage: true };
    }
  }
  const latin = LATIN_FONTS.find((font) => existsSync(font.regular) && existsSync(font.bold));
  const coversLanguage = !CJK_LANGUAGES.includes(language);
  if (latin) return { regular: { src: latin.regular }, bold: { src: latin.bold }, coversLanguage };
  return { regular: { src: 'Helvetica' }, bold: { src: 'Helvetica-Bold' }, coversLanguage };
}
