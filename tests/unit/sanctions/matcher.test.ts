import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bandOf } from '../../../core/sanctions/bands';
import { countryCode } from '../../../core/sanctions/countries';
import { jaroWinkler } from '../../../core/sanctions/jaro-winkler';
import { scoreEntry, screen } from '../../../core/sanctions/match';
import { nameKey, nameTokens } from '../../../core/sanctions/normalize';
import type { SanctionsBandsBody, SanctionsEntry } from '../../../core/sanctions/sanctions.types';

const bands = JSON.parse(readFileSync('schemas/sanctions/sanctions-bands.json', 'utf8')).body as SanctionsBandsBody;

const entry = (name: string, more: Partial<SanctionsEntry> = {}): SanctionsEntry => ({
  id: name,
  listId: 'test',
  ref: '1',
  name,
  type: 'individual',
  ...more,
});
const rashidi = entry('RASHIDI, Mohammed Karim', { countries: ['SY'], birthYear: 1968 });
const band = (name: string, listed: SanctionsEntry, extra = {}) =>
  bandOf(scoreEntry({ name, ...extra }, listed).score, bands);

describe('Jaro-Winkler', () => {
  it('gives the published reference values', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 3);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
    expect(jaroWinkler('', '')).toBe(0);
  });
});

describe('name folding', () => {
  it('folds case, diacritics and the Turkish dotted and dotless i', () => {
    expect(nameTokens('İSMAİL Hakkı YILDIRIM')).toEqual(['ismail', 'hakki', 'yildirim']);
    expect(nameTokens('Şükrü Öztürk')).toEqual(['sukru', 'ozturk']);
    expect(nameTokens('ıiIİ')).toEqual(['iiii']);
    expect(nameKey('Öztürk, Şükrü')).toBe(nameKey('sukru OZTURK'));
  });
  it('drops legal forms but not a name made only of them', () => {
    expect(nameTokens('Blue Horizon Shipping LLC')).toEqual(['blue', 'horizon', 'shipping']);
    expect(nameTokens('The Co')).toEqual(['the', 'co']);
  });
  it('reads country names as the lists write them', () => {
    expect(countryCode('Iran (Islamic Republic of)')).toBe('IR');
    expect(countryCode("Democratic People's Republic of Korea")).toBe('KP');
    expect(countryCode('Syria')).toBe('SY');
    expect(countryCode('tr')).toBe('TR');
    expect(countryCode('Atlantis')).toBeUndefined();
  });
});

describe('scoring and bands', () => {
  it('blocks an exact name', () => {
    expect(scoreEntry({ name: 'Mohammed Karim Rashidi' }, rashidi).score).toBe(1);
    expect(band('Mohammed Karim Rashidi', rashidi)).toBe('block');
  });
  it('tolerates reordered tokens', () => {
    expect(scoreEntry({ name: 'Karim Rashidi Mohammed' }, rashidi).score).toBe(1);
  });
  it('folds diacritics and the Turkish i before comparing', () => {
    expect(band('ismail hakki yildirim', entry('YILDIRIM, İsmail Hakkı'))).toBe('block');
    expect(band('SUKRU OZTURK', entry('ÖZTÜRK, Şükrü'))).toBe('block');
  });
  it('puts a near-miss spelling in the review band', () => {
    const match = scoreEntry({ name: 'Mohamad Karim Rashidy' }, rashidi);
    expect(match.score).toBeLessThan(0.97);
    expect(bandOf(match.score, bands)).toBe('review');
  });
  it('penalises a listed name’s words the screened name lacks, less than its own missing words', () => {
    const petrov = entry('PETROV, Vladislav Igorevich');
    const fewer = scoreEntry({ name: 'Vladislav Petrov' }, petrov).score;
    const extra = scoreEntry({ name: 'Vladislav Igorevich Petrov Smirnov' }, petrov).score;
    expect(fewer).toBeLessThan(1);
    expect(extra).toBeLessThan(fewer);
  });
  it('leaves unrelated names below every band', () => {
    expect(band('John Smith', rashidi)).toBeNull();
    expect(band('Ayşe Kaya', entry('ÖZTÜRK, Şükrü'))).toBeNull();
  });
  it('penalises a country or birth year that disagrees, not one that is missing', () => {
    const same = scoreEntry({ name: 'Mohammed Karim Rashidi', country: 'SY', birthYear: 1968 }, rashidi);
    const otherCountry = scoreEntry({ name: 'Mohammed Karim Rashidi', country: 'TR' }, rashidi);
    const otherYear = scoreEntry({ name: 'Mohammed Karim Rashidi', birthYear: 1990 }, rashidi);
    const nearYear = scoreEntry({ name: 'Mohammed Karim Rashidi', birthYear: 1969 }, rashidi);
    expect(same.score).toBe(1);
    expect(otherCountry.score).toBeLessThan(same.score);
    expect(otherCountry.penalties).toEqual(['country']);
    expect(bandOf(otherCountry.score, bands)).toBe('review');
    expect(otherYear.penalties).toEqual(['birthYear']);
    expect(nearYear.score).toBeGreaterThan(otherYear.score);
    expect(scoreEntry({ name: 'Mohammed Karim Rashidi', country: 'TR' }, entry('RASHIDI, Mohammed Karim')).score).toBe(
      1,
    );
  });
  it('matches an alias and orders the results best first', () => {
    const zargari = entry('ZARGARI, Hossein', { aliases: ['ZARGARY, Hosein'] });
    expect(scoreEntry({ name: 'Hosein Zargary' }, zargari).matchedName).toBe('ZARGARY, Hosein');
    const found = screen({ name: 'Mohamad Karim Rashidy' }, [entry('John Smith'), zargari, rashidi], 0.8);
    expect(found.map((match) => match.entry.name)).toEqual(['RASHIDI, Mohammed Karim']);
  });
});
