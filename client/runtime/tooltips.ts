import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TooltipItem } from '../../core/tooltips/tooltip.types';
import { tipIn, tipsById } from '../../core/tooltips/tooltip.utils';
import { tooltip } from '../api/clients';
import { content } from '../api/http';
import { queryClient } from '../lib/queryClient';

export const tooltipsKey = ['tooltips'] as const;

/**
 * Every published tip, fetched once per page load (GET /tooltip/list); none when it fails. The
 * app's query client is named, so a themed form renders without a provider too (theme tests).
 */
export function useTooltips() {
  return useQuery(
    {
      queryKey: tooltipsKey,
      queryFn: async () => tipsById(content<{ items: TooltipItem[] }>(await tooltip.get('/list')).items),
      staleTime: Number.POSITIVE_INFINITY,
    },
    queryClient,
  );
}

/** The tip (limited HTML, not yet sanitised) for a data_id in the current language, or null. */
export function useTooltip(dataId: string | undefined): string | null {
  const { i18n } = useTranslation();
  const { data } = useTooltips();
  return data ? tipIn(data, dataId, i18n.language) : null;
}
