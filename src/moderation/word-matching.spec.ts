import { BUILT_IN_WORDS } from './word-lists';
import { findListedWords, languageOf, normalizeEntry, wordsOf } from './word-matching';

describe('word matching', () => {
  it('folds case and diacritics, and ß to ss', () => {
    expect(wordsOf('Scheiße, ENCULÉ! Ça va?')).toEqual(['scheisse', 'encule', 'ca', 'va']);
    expect(normalizeEntry('  Hijo   de PUTA ')).toBe('hijo de puta');
    expect(normalizeEntry('!!!')).toBe('');
  });

  it('matches whole words only', () => {
    expect(findListedWords('What a shit day', ['shit'])).toEqual(['shit']);
    expect(findListedWords('Shitake mushrooms', ['shit'])).toEqual([]);
    expect(findListedWords('classic class', ['ass'])).toEqual([]);
    expect(findListedWords('(shit)', ['shit'])).toEqual(['shit']);
  });

  it('matches in any case and without diacritics, both ways', () => {
    expect(findListedWords('so eine SCHEISSE', BUILT_IN_WORDS.de)).toEqual(['scheisse']);
    expect(findListedWords('quel encule', ['enculé'])).toEqual(['encule']);
    expect(findListedWords('quel Enculé', ['encule'])).toEqual(['encule']);
  });

  it('matches phrases as consecutive whole words', () => {
    expect(findListedWords('Eres un hijo  de   puta', ['hijo de puta'])).toEqual(['hijo de puta']);
    expect(findListedWords('hijo de la puta', ['hijo de puta'])).toEqual([]);
  });

  it('reports each entry once, in list order', () => {
    expect(findListedWords('kut kut klootzak', ['klootzak', 'kut'])).toEqual(['klootzak', 'kut']);
  });

  it('finds nothing in text without words', () => {
    expect(findListedWords('', ['shit'])).toEqual([]);
    expect(findListedWords('!!! ???', ['shit'])).toEqual([]);
  });

  it('takes the language of a tag', () => {
    expect(languageOf('de-CH')).toBe('de');
    expect(languageOf(' FR ')).toBe('fr');
  });

  it('has built-in lists for en, de, fr, es and nl, each entry with words', () => {
    expect(Object.keys(BUILT_IN_WORDS).sort()).toEqual(['de', 'en', 'es', 'fr', 'nl']);
    for (const words of Object.values(BUILT_IN_WORDS))
      for (const w of words) expect(normalizeEntry(w)).not.toBe('');
  });
});
