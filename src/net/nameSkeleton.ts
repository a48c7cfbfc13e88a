/**
 * A name's skeleton: what it looks like, so that two names that look the same have one
 * skeleton (after Unicode's confusables, UTS #39, for the common cases). The name is
 * NFKC-normalised (fullwidth and other compatibility forms become plain letters), lowercased,
 * its Cyrillic and Greek letters that look Latin become those Latin letters, the digits and
 * marks that look like letters (0 → o, 1 and | and i → l) too, variation selectors are dropped
 * and runs of spaces become one.
 * Stricter than the eye in places ("Mia" and "Mla" share one), never looser on these letters.
 */

/** Look-alikes of Latin letters (lowercase: the name is lowercased first), by code point. */
const LOOKS_LATIN: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'l',
  ї: 'l',
  ј: 'j',
  к: 'k',
  ӏ: 'l',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  г: 'r',
  ѕ: 's',
  т: 't',
  у: 'y',
  ү: 'y',
  х: 'x',
  ԝ: 'w',
  ь: 'b',
  п: 'n',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'l',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  ω: 'w',
  ϲ: 'c',
  // Latin and digits that look like other letters
  ı: 'l',
  i: 'l',
  '1': 'l',
  '|': 'l',
  '0': 'o',
  ɑ: 'a',
  ɡ: 'g',
  ʏ: 'y',
  ǀ: 'l',
};

/** Capitals of other scripts that look like Latin capitals (their small letters may not). */
const LOOKS_LATIN_CAPITAL: Record<string, string> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};

/** Letter pairs that look like one letter, after the mapping above. */
const PAIRS: readonly [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
];

/** The skeleton of a (checked) name: two names that look alike have the same one. */
export function nameSkeleton(name: string): string {
  // Uppercase letters first lowercased (Cyrillic "А" becomes "а", then "a"); accents kept on
  // their letters (NFC after mapping the bare letters of NFD).
  let capitals = '';
  for (const c of name.normalize('NFKC')) capitals += LOOKS_LATIN_CAPITAL[c] ?? c;
  const decomposed = capitals.toLowerCase().normalize('NFD');
  let out = '';
  for (const c of decomposed) {
    // Variation selectors (an emoji's look) are dropped.
    if (/[\ufe00-\ufe0f]/u.test(c)) continue;
    out += LOOKS_LATIN[c] ?? c;
  }
  for (const [pair, one] of PAIRS) out = out.replace(pair, one);
  return out.replace(/\s+/gu, ' ').trim().normalize('NFC');
}
