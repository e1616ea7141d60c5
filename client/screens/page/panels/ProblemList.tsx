import { Dialog, DialogBody } from '@blueprintjs/core';
import axios from 'axios';
import { useTranslation } from 'react-i18next';

/** One problem a refusal lists: where (a sheet and cell of an uploaded file, when it says) and why. */
export interface ListedProblem {
  sheet?: string | null;
  cell?: string | null;
  message: string;
}

/** The `problems` a refused call lists (422 with every problem, e.g. an answered workbook), or null. */
export function problemsOf(error: unknown): ListedProblem[] | null {
  if (!axios.isAxiosError(error)) return null;
  const problems = (error.response?.data as { problems?: unknown } | undefined)?.problems;
  if (!Array.isArray(problems) || problems.length === 0) return null;
  return problems.filter((p): p is ListedProblem => typeof p?.message === 'string');
}

/** A refusal with its problems, each at its sheet and cell, in a dialog the user closes when done reading. */
export function ProblemList({
  title,
  reason,
  problems,
  onClose,
}: {
  title: string;
  reason: string;
  problems: ListedProblem[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={problems !== null} title={title} onClose={onClose}>
      <DialogBody>
        <p>{reason}</p>
        <ul className="page-problems" aria-label={title}>
          {problems?.map((problem) => (
            // a list shown once and never reordered; a cell with two problems differs by its message
            <li key={`${problem.sheet}-${problem.cell}-${problem.message}`}>
              <strong>
                {problem.sheet
                  ? t('page.problemAt', { sheet: problem.sheet, cell: problem.cell ?? '' })
                  : t('page.problemWhole')}
              </strong>
              {' — '}
              {problem.message}
            </li>
          ))}
        </ul>
      </DialogBody>
    </Dialog>
  );
}
