// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StatPanel as StatDef } from '../../../core/pages/page.types';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';
import { StatPanel } from '../../../client/screens/page/panels/StatPanel';

beforeAll(async () => {
  await initI18n('en');
  await loadAppTexts();
});
afterEach(cleanup);

const panel: StatDef = {
  id: 'pending',
  type: 'stat',
  title: 'dashboard.stats.pendingApprovals',
  value: 'users.pendingApproval',
  capped: 'users.pendingApprovalCapped',
};

const figure = (data: unknown) =>
  render(
    <MemoryRouter>
      <StatPanel panel={panel} data={data} />
    </MemoryRouter>,
  ).container.querySelector('.stat-card__value')?.textContent;

describe('a stat card over a count that may be capped', () => {
  it('shows "10,000+" when the count is a lower bound, the number alone otherwise', () => {
    expect(figure({ users: { pendingApproval: 10_000, pendingApprovalCapped: true } })).toBe('10,000+');
    cleanup();
    expect(figure({ users: { pendingApproval: 9_999 } })).toBe('9,999');
  });
});
