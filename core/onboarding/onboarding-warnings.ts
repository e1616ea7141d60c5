/**
 * Domains an onboarding warns about (domain §5 'Onboarding URL'): social media, acquirers,
 * marketplaces, big tech, government and SaaS platforms. The lists are the published document
 * `onboarding-warnings/app` (schemas/onboarding/); this only matches a host against them. Pure.
 */

export const WARNING_CATEGORIES = ['socialMedia', 'acquirer', 'marketplace', 'bigTech', 'government', 'saas'] as const;
export type WarningCategory = (typeof WARNING_CATEGORIES)[number];

export interface OnboardingWarningsBody {
  title: unknown;
  categories: Partial<Record<WarningCategory, string[]>>;
}

/** One reason to think twice: the host matched `domain` of `category` (`blacklist`: an admin's entry, core/admin/admin-lists.ts). */
export interface OnboardingWarning {
  category: WarningCategory | 'blacklist';
  domain: string;
}

/** Every category whose list holds the host itself or a parent domain of it ('gov.tr' covers 'x.gov.tr'). */
export function warningsFor(host: string, body: OnboardingWarningsBody | undefined): OnboardingWarning[] {
  if (!body) return [];
  const name = host.toLowerCase().replace(/\.$/, '');
  const warnings: OnboardingWarning[] = [];
  for (const category of WARNING_CATEGORIES) {
    const domain = (body.categories[category] ?? []).find((each) => name === each || name.endsWith(`.${each}`));
    if (domain) warnings.push({ category, domain });
  }
  return warnings;
}
