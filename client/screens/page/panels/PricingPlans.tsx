import {
  Button,
  Callout,
  Card,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { Text } from '../../../../core/documents/document.types';
import { type InvoiceAmounts, type PriceTier, tierRank } from '../../../../core/pricing/price-list.types';
import { refreshSession } from '../../../account/refreshSession';
import { wbe } from '../../../api/clients';
import { failureText } from '../../../api/failureText';
import { content } from '../../../api/http';
import { resolveText } from '../../../i18n/text';
import { showToast } from '../../../lib/toaster';
import { useRefreshSources, useSource } from '../page.data';

/** What GET /wbe/api/pricing/{group} answers (server/billing/billing.service.ts `offer`). */
interface Offer {
  group: string;
  title: Text;
  currency: string;
  terms: Text[];
  tiers: (PriceTier & { amounts: InvoiceAmounts })[];
  current: { tier: string; periodEnd: string } | null;
}

interface Purchase {
  id: string;
  status: 'challenge' | 'succeeded' | 'declined';
  challenge?: { hint: string };
}

const SOURCE = { path: '/wbe/api/pricing/:group' };
const EMPTY_CARD = { number: '', holder: '', expiry: '', cvc: '' };

/** Minor units in the reader's language and the list's currency. */
function moneyIn(language: string, currency: string) {
  const format = new Intl.NumberFormat(language === 'tr' ? 'tr-TR' : 'en-GB', { style: 'currency', currency });
  return (minor: number) => format.format(minor / 100);
}

/**
 * The tiers of a price list as cards, and the purchase: a card form, then the bank's challenge when
 * the provider asks for one. One purchase id per attempt makes a resent request idempotent; the card
 * number leaves the form for the server once and is cleared after every answer.
 */
export default function PricingPlans() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const source = useSource(SOURCE, params);
  const refresh = useRefreshSources();
  const [buying, setBuying] = useState<PriceTier & { amounts: InvoiceAmounts }>();
  const [card, setCard] = useState(EMPTY_CARD);
  const [purchaseId, setPurchaseId] = useState('');
  const [challenge, setChallenge] = useState<{ id: string; hint: string }>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  if (source.status === 'loading') return <Spinner size={24} aria-label={t('shell.loading')} />;
  if (source.status !== 'ready') return null;
  const offer = source.data as Offer;
  const text = (value: Text) => resolveText(value, t, i18n.language);
  const money = moneyIn(i18n.language, offer.currency);
  const group = encodeURIComponent(offer.group);
  const currentRank = offer.current ? tierRank(offer.current.tier) : -1;

  const open = (tier: Offer['tiers'][number]) => {
    setBuying(tier);
    setCard(EMPTY_CARD);
    setPurchaseId(crypto.randomUUID());
    setChallenge(undefined);
    setCode('');
    setProblem('');
  };
  const close = () => {
    setBuying(undefined);
    setCard(EMPTY_CARD);
    setChallenge(undefined);
  };

  async function settle(purchase: Purchase) {
    if (purchase.status === 'challenge') {
      setChallenge({ id: purchase.id, hint: purchase.challenge?.hint ?? '' });
      return;
    }
    // the plan changed: the session's packages (what guards open) and this page's data
    await refreshSession();
    await refresh();
    close();
    void showToast(t('pricing.paid', { tier: buying ? text(buying.title) : '' }), 'success');
  }

  async function run(call: () => Promise<Purchase>) {
    setBusy(true);
    setProblem('');
    try {
      await settle(await call());
    } catch (error) {
      setProblem(failureText(error, t, i18n));
      // a refused attempt is over: the next one is a new purchase
      setPurchaseId(crypto.randomUUID());
      setChallenge(undefined);
    } finally {
      setCard((entered) => ({ ...entered, number: '', cvc: '' }));
      setBusy(false);
    }
  }

  const pay = (event: FormEvent) => {
    event.preventDefault();
    if (!buying) return;
    void run(async () =>
      content<Purchase>(await wbe.post(`/pricing/${group}/purchases`, { purchaseId, tier: buying.id, card })),
    );
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    void run(async () =>
      content<Purchase>(await wbe.post(`/pricing/${group}/purchases/${challenge.id}/challenge`, { code })),
    );
  };
  const limit = (value: number | undefined) => (value === undefined ? t('pricing.limits.unlimited') : String(value));

  return (
    <div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: 16 }}>
        {offer.tiers.map((tier) => {
          // with no plan running the organisation is on the free tier
          const current = (offer.current?.tier ?? 'free') === tier.id;
          const rank = tierRank(tier.id);
          return (
            <Card key={tier.id} data-testid={`tier-${tier.id}`} elevation={tier.highlighted ? 2 : 0}>
              <h3 className={Classes.HEADING}>{text(tier.title)}</h3>
              {current ? (
                <Tag intent="success">
                  {t('pricing.current')}
                  {offer.current ? ` · ${t('pricing.until', { date: offer.current.periodEnd.slice(0, 10) })}` : ''}
                </Tag>
              ) : null}
              <p style={{ fontSize: 22, margin: '8px 0 0' }}>{money(tier.amounts.net)}</p>
              <p className={Classes.TEXT_MUTED}>
                {t('pricing.perYear')}, {t('pricing.excludingVat')}
              </p>
              {tier.price > 0 ? (
                <p className={Classes.TEXT_MUTED}>
                  {t('pricing.withVat', { vat: money(tier.amounts.vat), total: money(tier.amounts.total) })}
                </p>
              ) : null}
              <ul>
                {tier.features.map((feature) => (
                  <li key={text(feature)}>{text(feature)}</li>
                ))}
                <li>{t('pricing.limits.domains', { count: limit(tier.limits.domains) })}</li>
                <li>{t('pricing.limits.users', { count: limit(tier.limits.users) })}</li>
                <li>{t('pricing.limits.scansPerMonth', { count: limit(tier.limits.scansPerMonth) })}</li>
              </ul>
              {tier.price > 0 && rank >= currentRank ? (
                <Button intent="primary" onClick={() => open(tier)}>
                  {current ? t('pricing.renew') : t('pricing.buy')}
                </Button>
              ) : null}
            </Card>
          );
        })}
      </div>
      <h4 className={Classes.HEADING} style={{ marginTop: 16 }}>
        {t('pricing.terms')}
      </h4>
      <ul data-testid="pricing-terms">
        {offer.terms.map((term) => (
          <li key={text(term)}>{text(term)}</li>
        ))}
      </ul>

      <Dialog
        isOpen={buying !== undefined}
        onClose={close}
        title={buying ? t('pricing.card.title', { tier: text(buying.title) }) : ''}
      >
        {challenge ? (
          <form onSubmit={confirm}>
            <DialogBody>
              <h4 className={Classes.HEADING}>{t('pricing.challenge.title')}</h4>
              <p>{t('pricing.challenge.text')}</p>
              {challenge.hint ? <Callout>{t('pricing.challenge.testHint', { hint: challenge.hint })}</Callout> : null}
              <FormGroup label={t('pricing.challenge.code')} labelFor="challenge-code">
                <InputGroup
                  id="challenge-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  value={code}
                  onValueChange={setCode}
                />
              </FormGroup>
              {problem ? <Callout intent="danger">{problem}</Callout> : null}
            </DialogBody>
            <DialogFooter
              actions={
                <Button type="submit" intent="primary" loading={busy}>
                  {t('pricing.challenge.confirm')}
                </Button>
              }
            />
          </form>
        ) : (
          <form onSubmit={pay} autoComplete="off">
            <DialogBody>
              <FormGroup label={t('pricing.card.number')} labelFor="card-number">
                <InputGroup
                  id="card-number"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  value={card.number}
                  onValueChange={(number) => setCard({ ...card, number })}
                />
              </FormGroup>
              <FormGroup label={t('pricing.card.holder')} labelFor="card-holder">
                <InputGroup
                  id="card-holder"
                  autoComplete="cc-name"
                  value={card.holder}
                  onValueChange={(holder) => setCard({ ...card, holder })}
                />
              </FormGroup>
              <div style={{ display: 'flex', gap: 12 }}>
                <FormGroup label={t('pricing.card.expiry')} labelFor="card-expiry">
                  <InputGroup
                    id="card-expiry"
                    placeholder="MM/YY"
                    autoComplete="cc-exp"
                    value={card.expiry}
                    onValueChange={(expiry) => setCard({ ...card, expiry })}
                  />
                </FormGroup>
                <FormGroup label={t('pricing.card.cvc')} labelFor="card-cvc">
                  <InputGroup
                    id="card-cvc"
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    type="password"
                    value={card.cvc}
                    onValueChange={(cvc) => setCard({ ...card, cvc })}
                  />
                </FormGroup>
              </div>
              <p className={Classes.TEXT_MUTED}>{t('pricing.card.kept')}</p>
              {problem ? <Callout intent="danger">{problem}</Callout> : null}
            </DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button onClick={close}>{t('pricing.card.cancel')}</Button>
                  <Button type="submit" intent="primary" loading={busy}>
                    {buying ? t('pricing.card.pay', { total: money(buying.amounts.total) }) : ''}
                  </Button>
                </>
              }
            />
          </form>
        )}
      </Dialog>
    </div>
  );
}
