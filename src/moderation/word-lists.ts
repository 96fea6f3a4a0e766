/**
 * The built-in word lists: a few clearly offensive words and phrases per language, matched as
 * whole words in any case and without diacritics (see word-matching.ts). Each client extends them
 * with its own words (moderation_word, the /api/moderation/words routes).
 */
export const BUILT_IN_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: [
    'fuck',
    'fucking',
    'fucker',
    'motherfucker',
    'shit',
    'bullshit',
    'cunt',
    'asshole',
    'arsehole',
    'bitch',
    'wanker',
    'twat',
    'dickhead',
  ],
  de: [
    'scheiße',
    'arschloch',
    'fotze',
    'wichser',
    'hurensohn',
    'ficken',
    'fick dich',
    'missgeburt',
    'sieg heil',
    'heil hitler',
  ],
  fr: ['merde', 'putain', 'connard', 'connasse', 'salope', 'enculé', 'pute', 'nique ta mère'],
  es: ['mierda', 'puta', 'cabrón', 'gilipollas', 'coño', 'joder', 'hijo de puta', 'pendejo'],
  nl: ['kut', 'klootzak', 'godverdomme', 'tering', 'hoer', 'kutwijf', 'lul'],
};

/** The languages with a built-in list. */
export const BUILT_IN_LOCALES = Object.keys(BUILT_IN_WORDS);
