import { describe, expect, it } from 'vitest';
import type { RoutesBody } from '../../../core/routes/route.types';
import { fillPath, matchPattern, matchRoute, pathnameOf } from '../../../core/routes/route.utils';

const body = (paths: { path: string; exact?: boolean }[]): RoutesBody => ({
  routes: paths.map((p) => ({ ...p, layout: 'app', guard: null, screen: 'placeholder' })),
  notFound: '/404',
  forbidden: '/403',
  login: '/login',
});

describe('matchPattern', () => {
  it('matches static and :param segments and decodes params', () => {
    expect(matchPattern('/app/portfolio/:id/overview', '/app/portfolio/4%202/overview')?.params).toEqual({ id: '4 2' });
    expect(matchPattern('/app/portfolio/:id/overview', '/app/portfolio/42/reports')).toBeNull();
  });

  it('exact routes match only the whole path; others match deeper paths too', () => {
    expect(matchPattern('/app/portfolio', '/app/portfolio/42', true)).toBeNull();
    expect(matchPattern('/app/portfolio', '/app/portfolio/', true)).not.toBeNull();
    expect(matchPattern('/app/saq', '/app/saq/overview', false)).not.toBeNull();
  });

  it('a trailing * takes the rest of the path', () => {
    expect(matchPattern('/app/domain/:scanId/*', '/app/domain/7/ssl_ciphers/x')?.params).toEqual({
      scanId: '7',
      '*': 'ssl_ciphers/x',
    });
    expect(matchPattern('/app/domain/:scanId/*', '/app/domain/7')?.params).toEqual({ scanId: '7', '*': '' });
  });

  it('optional params may be absent', () => {
    expect(matchPattern('/login/:invitationId?', '/login')?.params).toEqual({});
    expect(matchPattern('/login/:invitationId?', '/login/abc')?.params).toEqual({ invitationId: 'abc' });
  });

  it('ignores query and hash', () => {
    expect(pathnameOf('/app/settings?tab=notification#x')).toBe('/app/settings');
    expect(matchPattern('/app/settings', '/app/settings?tab=notification', true)).not.toBeNull();
  });
});

describe('matchRoute', () => {
  const routes = body([
    { path: '/app/portfolio' },
    { path: '/app/portfolio/:id/overview' },
    { path: '/app/portfolio/new/overview' },
    { path: '/app/:area/overview' },
    { path: '*' },
  ]);

  it('prefers the most specific route whatever the document order', () => {
    expect(matchRoute(routes, '/app/portfolio/42/overview')?.route.path).toBe('/app/portfolio/:id/overview');
    expect(matchRoute(routes, '/app/portfolio/new/overview')?.route.path).toBe('/app/portfolio/new/overview');
    expect(matchRoute(routes, '/app/saq/overview')?.route.path).toBe('/app/:area/overview');
    expect(matchRoute(routes, '/app/portfolio/42')?.route.path).toBe('/app/portfolio');
    expect(matchRoute(routes, '/elsewhere')?.route.path).toBe('*');
  });

  it('returns null when nothing matches', () => {
    expect(matchRoute(body([{ path: '/a', exact: true }]), '/a/b')).toBeNull();
  });

  it('fillPath puts params into redirect targets', () => {
    expect(fillPath('/app/portfolio/:id/overview', { id: '42' })).toBe('/app/portfolio/42/overview');
    expect(fillPath('/x/:missing', {})).toBe('/x/:missing');
  });
});
