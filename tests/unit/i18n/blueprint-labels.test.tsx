// @vitest-environment jsdom
import { Dialog, DialogBody } from '@blueprintjs/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { translateBlueprintLabels } from '../../../client/i18n/blueprintLabels';
import { initI18n, loadAppTexts } from '../../../client/i18n/i18n';

beforeAll(async () => {
  await initI18n('tr');
  await loadAppTexts();
  translateBlueprintLabels();
});
afterEach(cleanup);

test("a Blueprint dialog's close button is named in the reader's language, not Blueprint's fixed English", async () => {
  render(
    <Dialog isOpen title="Başlık" onClose={() => {}}>
      <DialogBody>İçerik</DialogBody>
    </Dialog>,
  );
  expect(await screen.findByRole('button', { name: 'Kapat' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
});
