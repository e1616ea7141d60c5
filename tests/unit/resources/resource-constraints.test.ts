import { describe, expect, it } from 'vitest';
import { type ExactlyOneConstraint, judgeExactlyOne } from '../../../core/resources/resource-constraints';
import { resourceProblems } from '../../../core/resources/resource.utils';
import { mccResource } from './fixtures';

const c: ExactlyOneConstraint = { exactlyOne: 'primary', per: 'merchantId', ignoreStates: ['deleted'], error: 'x' };
const row = (id: string, primary: boolean, state = 'active') => ({ id, merchantId: 'm', primary, state });

describe('exactlyOne constraint', () => {
  it('refuses a first record without the flag and takes one with it', () => {
    expect(judgeExactlyOne(c, 'm', [], null, row('a', false), 'state')).toEqual({ refused: true });
    expect(judgeExactlyOne(c, 'm', [], null, row('a', true), 'state')).toEqual({ refused: false, demote: [] });
  });

  it('moves the flag to the record written last', () => {
    const stored = [row('a', true), row('b', false)];
    expect(judgeExactlyOne(c, 'm', stored, stored[1], row('b', true), 'state')).toEqual({
      refused: false,
      demote: ['a'],
    });
  });

  it('refuses clearing, removing or ignoring the flagged one while others remain', () => {
    const stored = [row('a', true), row('b', false)];
    expect(judgeExactlyOne(c, 'm', stored, stored[0], row('a', false), 'state').refused).toBe(true);
    expect(judgeExactlyOne(c, 'm', stored, stored[0], null, 'state').refused).toBe(true);
    expect(judgeExactlyOne(c, 'm', stored, stored[0], row('a', true, 'deleted'), 'state').refused).toBe(true);
    expect(judgeExactlyOne(c, 'm', stored, stored[1], row('b', false, 'deleted'), 'state').refused).toBe(false);
  });
});

describe('publishing constraints', () => {
  it('refuses constraint fields the schema does not declare', () => {
    const body = {
      ...mccResource(),
      constraints: [
        { exactlyOne: 'flag', per: 'code', error: 'x' },
        { references: 'code', resource: 'merchant' },
      ],
    };
    expect(resourceProblems('mcc', body)).toEqual([{ path: '/body/constraints/0', message: 'unknown field "flag"' }]);
  });
});
