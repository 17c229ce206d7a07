import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EntityDetail, EntityFact, EntityListItem } from '@dcbrief/shared';
import { fakeApi } from '@/test/fake-api';
import { basicActiveUser, makeDigestWithStories } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const fact = (extra: Partial<EntityFact>): EntityFact => ({
  id: 'f',
  type: 'status',
  statedAt: '2026-11-25T09:00:00.000Z',
  storyId: 's-permit',
  sentence: 'The council granted the permit.',
  language: 'en',
  outlets: [{ id: 'dcd', name: 'DatacenterDynamics', url: 'https://dcd.example/permit' }],
  mw: null,
  stage: null,
  amount: null,
  currency: null,
  usd: null,
  status: null,
  what: null,
  eventDate: null,
  ...extra,
});

function microsoft(): EntityDetail {
  const status = fact({ id: 'f-status', status: 'permitted' });
  const capacity = fact({
    id: 'f-mw',
    type: 'capacity',
    mw: 300,
    stage: 'construction',
    statedAt: '2026-11-10T08:00:00.000Z',
    storyId: 's-aragon',
    sentence: 'The 300 MW campus is under construction.',
  });
  const money = fact({
    id: 'f-money',
    type: 'investment',
    amount: 2.5e9,
    currency: 'EUR',
    usd: 2.7e9,
    statedAt: '2026-11-10T08:00:00.000Z',
    storyId: 's-aragon',
    sentence: 'Microsoft invertirá 2.500 millones de euros en Aragón.',
    language: 'es',
    outlets: [
      { id: 'dcd', name: 'DatacenterDynamics', url: 'https://dcd.example/aragon' },
      { id: 'el-pais', name: 'El País', url: null },
    ],
  });
  return {
    id: 'microsoft',
    name: 'Microsoft',
    kind: 'company',
    country: 'US',
    aliases: ['Майкрософт'],
    role: 'hyperscaler',
    level: null,
    candidate: false,
    current: { status, capacity: [capacity], investment: money },
    timeline: [status, capacity, money],
    related: [
      { id: 'aragon-campus', name: 'Aragon campus', kind: 'site', country: 'ES', relation: 'site' },
      { id: 'spain', name: 'Spain', kind: 'place', country: 'ES', relation: 'named-with' },
    ],
    stories: [
      { id: 's-permit', title: 'Aragon campus of Microsoft gets its permit', publishedAt: '2026-11-25T09:00:00.000Z', about: true },
      { id: 's-aragon', title: 'Microsoft to invest €2.5bn in Aragon', publishedAt: '2026-11-10T08:00:00.000Z', about: true },
    ],
    followed: false,
  };
}

describe('entity pages', () => {
  it('shows where an entity stands, its dated timeline with outlets and stories, and related entities as links', async () => {
    fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/entities/microsoft': { status: 200, body: microsoft() },
    });
    renderApp('/entities/microsoft');
    expect(await screen.findByRole('heading', { level: 1, name: 'Microsoft' })).toBeInTheDocument();
    const status = screen.getByRole('region', { name: 'Status' });
    expect(within(status).getByText('Permitted')).toBeInTheDocument();
    expect(within(status).getByText('Nov 25, 2026')).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'DatacenterDynamics' })).toHaveAttribute('href', 'https://dcd.example/permit');
    expect(within(screen.getByRole('region', { name: 'Capacity' })).getByText('300 MW')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Investment' })).toHaveTextContent('€2.5B (≈ $2.7B)');
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(3);
    expect(within(timeline).getByRole('link', { name: /Story: Aragon campus of Microsoft/ })).toHaveAttribute('href', '#story-s-permit');
    expect(within(timeline).getByText(/Microsoft invertirá/)).toHaveAttribute('lang', 'es');
    expect(within(timeline).getByText('El País')).toBeInTheDocument();
    const related = screen.getByRole('region', { name: 'Related' });
    expect(within(related).getByRole('link', { name: /Aragon campus/ })).toHaveAttribute('href', '/entities/aragon-campus');
    expect(document.title).toMatch(/^Microsoft ·/);
  });

  it('follows and unfollows from the page, and says so when the server refuses', async () => {
    const api = fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/entities/old-ms': { status: 200, body: microsoft() },
      'PUT /api/follows/microsoft': {
        status: 201,
        body: { id: 'microsoft', name: 'Microsoft', kind: 'company', country: 'US', followedAt: '2026-11-28T12:00:00.000Z' },
      },
      'DELETE /api/follows/microsoft': { status: 204 },
    });
    renderApp('/entities/old-ms');
    const follow = await screen.findByRole('button', { name: 'Follow' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(follow);
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('PUT', '/api/follows/microsoft')[0]?.contentType).toBe('application/json');
    await userEvent.click(following);
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(api.callsTo('DELETE', '/api/follows/microsoft')).toHaveLength(1);
  });

  it('tells the server’s reason when a follow is refused', async () => {
    fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/entities/microsoft': { status: 200, body: microsoft() },
      'PUT /api/follows/microsoft': { status: 409, body: { message: 'You follow 100 entities, the most one account may.' } },
    });
    renderApp('/entities/microsoft');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('You follow 100 entities, the most one account may.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says so when the entity does not exist', async () => {
    fakeApi({ 'GET /api/auth/user': { status: 200, body: basicActiveUser() } });
    renderApp('/entities/nobody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
  });

  it('lists the week’s most active entities and searches by name in any language', async () => {
    const active: EntityListItem[] = [{ id: 'microsoft', name: 'Microsoft', kind: 'company', country: 'US', stories: 4, facts: 2 }];
    const found: EntityListItem[] = [{ id: 'moscow', name: 'Moscow', kind: 'place', country: 'RU', stories: 1, facts: 0 }];
    const api = fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/entities/active': { status: 200, body: active },
      'GET /api/entities': { status: 200, body: found },
    });
    renderApp('/entities');
    const week = await screen.findByRole('region', { name: 'Most active this week' });
    expect(await within(week).findByRole('link', { name: /Microsoft.*4 stories · 2 facts this week/ })).toHaveAttribute(
      'href',
      '/entities/microsoft',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: /search by name/i }), 'Москва');
    const results = await screen.findByRole('region', { name: 'Names matching “Москва”' });
    expect(await within(results).findByRole('link', { name: /Moscow/ })).toHaveAttribute('href', '/entities/moscow');
    await waitFor(() => expect(api.calls.some((c) => c.url === `/api/entities?q=${encodeURIComponent('Москва')}`)).toBe(true));
  });

  it('a digest story links the entities it names to their pages', async () => {
    const digest = makeDigestWithStories();
    digest.stories[0] = { ...digest.stories[0]!, entities: [{ id: 'oslo', name: 'Oslo', kind: 'place', country: 'NO' }] };
    fakeApi({
      'GET /api/auth/user': { status: 200, body: basicActiveUser() },
      'GET /api/digests/d-stories': { status: 200, body: digest },
    });
    renderApp('/digests/d-stories');
    const story = await screen.findByRole('article', { name: 'Nordic operator adds 48 MW campus near Oslo' });
    expect(within(story).getByRole('link', { name: 'Oslo' })).toHaveAttribute('href', '/entities/oslo');
  });
});
