import { describe, expect, it } from 'vitest';
import { readSiteProfile, type SiteCatalogue } from '../../../core/portfolio/site-profile';
import catalogue from '../../../server/scans/data/site-catalogue.json';

const CATALOGUE = catalogue as SiteCatalogue;
const PAGE = 'https://shop.example/';

describe('site profile (core/portfolio/site-profile.ts): payment page, service providers, modules', () => {
  it('reads an embedded payment form, the third parties and the platform with versions', () => {
    const html = `<html><head>
      <meta name="generator" content="WordPress 6.4.2">
      <script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script>
      <script src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>
      <script src="https://js.stripe.com/v3/" integrity="sha384-x"></script>
      <script src="/wp-content/plugins/woocommerce/assets/js/frontend/checkout.min.js"></script>
      <link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Inter">
    </head><body><iframe src="https://js.stripe.com/v3/elements-inner-card.html"></iframe></body></html>`;
    const profile = readSiteProfile(html, PAGE, CATALOGUE);
    expect(profile.paymentPage).toMatchObject({
      type: 'embedded',
      provider: 'Stripe',
      cardFields: false,
      saqHint: 'A',
    });
    expect(profile.providers.map((provider) => [provider.name, provider.category])).toEqual([
      ['Google Tag Manager', 'tag_manager'],
      ['Stripe', 'payment'],
      ['Google Fonts', 'fonts'],
    ]);
    expect(profile.modules.map((module) => [module.name, module.version])).toEqual([
      ['WordPress', '6.4.2'],
      ['WooCommerce', null],
      ['jQuery', null],
    ]);
    expect(profile.scripts.map((script) => [script.host, script.thirdParty, script.integrity])).toEqual([
      ['shop.example', false, false],
      ['www.googletagmanager.com', true, false],
      ['js.stripe.com', true, true],
      ['shop.example', false, false],
    ]);
  });

  it('tells a hosted payment page from card fields of the merchant’s own', () => {
    const shared = readSiteProfile(
      '<form action="https://www.paypal.com/cgi-bin/webscr" method="post"><input name="amount"></form>',
      PAGE,
      CATALOGUE,
    );
    expect(shared.paymentPage).toMatchObject({ type: 'shared', provider: 'PayPal', saqHint: 'A' });
    const own = readSiteProfile(
      '<form action="/pay" method="post"><input name="cardNumber" autocomplete="cc-number"></form>',
      PAGE,
      CATALOGUE,
    );
    expect(own.paymentPage).toMatchObject({ type: 'none', provider: null, cardFields: true, saqHint: 'D' });
    const directPost = readSiteProfile(
      '<form action="https://api.iyzipay.com/pay"><input autocomplete="cc-number" name="n"></form>',
      PAGE,
      CATALOGUE,
    );
    expect(directPost.paymentPage).toMatchObject({ type: 'shared', cardFields: true, saqHint: 'A-EP' });
    expect(readSiteProfile('<p>books</p><script src="/app.js"></script>', PAGE, CATALOGUE)).toMatchObject({
      paymentPage: { type: 'none', saqHint: null },
      providers: [],
      modules: [],
    });
  });

  it('reads versions from library file names and ignores what is no URL', () => {
    const profile = readSiteProfile(
      '<script src="https://code.example/jquery-1.12.4.min.js"></script><script src="http://[bad"></script>',
      PAGE,
      CATALOGUE,
    );
    expect(profile.modules).toEqual([expect.objectContaining({ name: 'jQuery', version: '1.12.4' })]);
    expect(profile.scripts).toHaveLength(1);
  });
});
