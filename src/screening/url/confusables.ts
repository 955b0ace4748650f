/**
 * A compact subset of the Unicode UTS #39 confusables (https://www.unicode.org/reports/tr39/#Confusable_Detection):
 * Cyrillic and Greek letters that render like Latin ones, a few Latin-extended and ASCII look-alikes (0/o, 1/l,
 * rn/m, vv/w). skeleton() maps a label to its look-alike Latin form (after NFKD and dropping combining marks), so
 * `metamаsk` (Cyrillic а) and `rnetamask` share the skeleton of `metamask`. scriptsOf() names the scripts of the
 * letters, for mixed-script detection (UTS #39 section 5).
 */
const MAP: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  г: 'r',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ү: 'y',
  ь: 'b',
  п: 'n',
  ш: 'w',
  ɡ: 'g',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  ζ: 'z',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ϲ: 'c',
  ϳ: 'j',
  μ: 'u',
  // Latin extended and others that survive NFKD
  ı: 'i',
  ȷ: 'j',
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  ŀ: 'l',
  ɑ: 'a',
  ɩ: 'i',
  ʏ: 'y',
  ᴄ: 'c',
  ᴏ: 'o',
  ѵ: 'v',
  ɢ: 'g',
  ʀ: 'r',
  // ASCII look-alikes
  '0': 'o',
  '1': 'l',
  '|': 'l',
};
const MULTI: Array<[RegExp, string]> = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
];

/** The look-alike skeleton of a (Unicode) label. */
export function skeleton(label: string): string {
  const base = label.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  let out = '';
  for (const ch of base) out += MAP[ch] ?? ch;
  for (const [re, to] of MULTI) out = out.replace(re, to);
  return out;
}

/** Scripts of the letters in a label (Latin, Cyrillic, Greek, Other); digits and hyphens are script-neutral. */
export function scriptsOf(label: string): Set<string> {
  const out = new Set<string>();
  for (const ch of label) {
    if (/\p{Script=Latin}/u.test(ch)) out.add('Latin');
    else if (/\p{Script=Cyrillic}/u.test(ch)) out.add('Cyrillic');
    else if (/\p{Script=Greek}/u.test(ch)) out.add('Greek');
    else if (/\p{L}/u.test(ch)) out.add('Other');
  }
  return out;
}

/** True when a label mixes Latin with Cyrillic or Greek (the look-alike scripts). */
export function isMixedScript(label: string): boolean {
  const s = scriptsOf(label);
  return s.has('Latin') && (s.has('Cyrillic') || s.has('Greek'));
}
