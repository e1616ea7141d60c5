import { readFileSync } from 'node:fs';
import type { Item, Question, QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';

/** The seeded SAQ A questionnaire (PCI DSS 4.0.1), document `saq-a-4.0.1`. */
export const SAQ_A_ID = 'saq-a-4.0.1';

/** 3.1.1 in 4.0.2: the same requirement, asked differently (an answer to it wants re-reading). */
export const REWORDED_3_1_1 = {
  en: 'Are the rules for keeping account data written down, reviewed every year and known to the staff who handle it?',
  tr: 'Hesap verisinin saklanmasına ilişkin kurallar yazılı, her yıl gözden geçiriliyor ve bu veriyle çalışan personelce biliniyor mu?',
};

const seeded = (): QuestionnaireBody => JSON.parse(readFileSync(`schemas/saq/${SAQ_A_ID}.json`, 'utf8')).body;

/**
 * An SAQ A for PCI DSS 4.0.2 no code knows, as an analyst would publish it: requirement 6.3.3 renamed
 * 6.3.4, 12.8.5 dropped, 8.3.1 split into 8.3.1.a and 8.3.1.b, a new question 12.10.2, and 3.1.1
 * asked in other words under its number; its `carryOver` says so, from the seeded 4.0.1 document.
 */
export function saqANextBody(): QuestionnaireBody {
  const body = seeded();
  body.title = { en: 'SAQ A (PCI DSS v4.0.2)', tr: 'SAQ A (PCI DSS v4.0.2)' };
  body.standard = { name: 'PCI DSS', version: '4.0.2', type: 'A' };
  const question = (from: Question, id: string, requirement: string, en: string, tr: string): Question => ({
    ...from,
    id,
    requirement,
    text: { en, tr },
  });
  for (const section of body.sections) {
    section.items = section.items.flatMap((item): Item[] => {
      if (item.type !== 'question') return [item];
      if (item.requirement === '6.3.3')
        return [
          question(
            item,
            'req_6_3_4',
            '6.3.4',
            'Are security patches installed soon after release?',
            'Güvenlik yamaları yayımlandıktan kısa süre sonra kuruluyor mu?',
          ),
        ];
      if (item.requirement === '12.8.5') return [];
      if (item.requirement === '3.1.1') return [question(item, item.id, '3.1.1', REWORDED_3_1_1.en, REWORDED_3_1_1.tr)];
      if (item.requirement === '8.3.1')
        return [
          question(
            item,
            'req_8_3_1_a',
            '8.3.1.a',
            'Do users sign in with a password?',
            'Kullanıcılar parolayla oturum açıyor mu?',
          ),
          question(
            item,
            'req_8_3_1_b',
            '8.3.1.b',
            'Do administrators sign in with a second factor?',
            'Yöneticiler ikinci bir doğrulama adımıyla oturum açıyor mu?',
          ),
        ];
      if (item.requirement === '12.10.1')
        return [
          item,
          question(
            item,
            'req_12_10_2',
            '12.10.2',
            'Is the incident response plan tested every year?',
            'Olay müdahale planı her yıl sınanıyor mu?',
          ),
        ];
      return [item];
    });
  }
  body.carryOver = {
    from: SAQ_A_ID,
    changes: [
      { op: 'rename', from: '6.3.3', to: '6.3.4' },
      { op: 'drop', from: '12.8.5' },
      { op: 'split', from: '8.3.1', to: ['8.3.1.a', '8.3.1.b'] },
    ],
  };
  return body;
}
