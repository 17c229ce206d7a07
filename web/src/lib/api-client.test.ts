import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { apiRequest, apiUrl, configureApi } from './api-client';
import { ApiError, isUnauthorizedError, serverErrorMessage } from './api-error';

/** The error a request rejects with; a request that succeeds fails the test. */
function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    () => expect.fail('expected the request to fail'),
    (error: unknown) => error as ApiError,
  );
}

describe('apiRequest (docs/SPEC.md §7 and §8)', () => {
  afterEach(() => configureApi({ baseUrl: '' }));

  it("asks the page's own origin by default, with a relative address", async () => {
    const api = fakeApi({ 'GET /api/digests': { status: 200, body: [] } });
    await apiRequest('GET', '/api/digests');
    expect(api.calls[0]?.url).toBe('/api/digests');
    expect(apiUrl('/api/login')).toBe('/api/login');
  });

  it('joins a configured server address and the path with exactly one slash', async () => {
    const api = fakeApi({ 'GET /dcbrief/api/auth/user': { status: 200, body: { id: 'u-1' } } });
    configureApi({ baseUrl: 'https://brief.example.com:8443/dcbrief/' });
    await expect(apiRequest('GET', '/api/auth/user')).resolves.toEqual({ id: 'u-1' });
    expect(api.calls[0]).toMatchObject({ url: 'https://brief.example.com:8443/dcbrief/api/auth/user', credentials: 'include' });
    configureApi({ baseUrl: 'http://10.0.0.5:5000' });
    expect(apiUrl('/api/logout')).toBe('http://10.0.0.5:5000/api/logout');
    expect(apiUrl('api/logout')).toBe('http://10.0.0.5:5000/api/logout');
  });

  it('sends credentials, and JSON with its content type only when there is a body', async () => {
    const api = fakeApi({ 'POST /api/waitlist': { status: 201, body: { ok: true } }, 'GET /api/digests': { status: 200, body: [] } });
    await expect(apiRequest('POST', '/api/waitlist', { email: 'a@b.co' })).resolves.toEqual({ ok: true });
    await apiRequest('GET', '/api/digests');
    expect(api.calls[0]).toMatchObject({ credentials: 'include', contentType: 'application/json', body: { email: 'a@b.co' } });
    expect(api.calls[1]).toMatchObject({ credentials: 'include', contentType: null, body: undefined });
  });

  it('resolves to undefined when a success has no body', async () => {
    fakeApi({ 'PUT /api/waitlist/draft': { status: 204 } });
    await expect(apiRequest('PUT', '/api/waitlist/draft', {})).resolves.toBeUndefined();
  });

  it('rejects a JSON error with an ApiError: its status, its parsed body, and "STATUS: body" as message', async () => {
    fakeApi({ 'POST /api/waitlist': { status: 409, body: { message: 'This email is already on the waitlist' } } });
    const conflict = await failureOf(apiRequest('POST', '/api/waitlist', {}));
    expect(conflict).toBeInstanceOf(ApiError);
    expect(conflict).toBeInstanceOf(Error);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toEqual({ message: 'This email is already on the waitlist' });
    expect(conflict.message).toBe('409: {"message":"This email is already on the waitlist"}');
    expect(serverErrorMessage(conflict)).toBe('This email is already on the waitlist');
  });

  it('keeps a non-JSON error body as its text, and says the status text when the body is empty', async () => {
    fakeApi({
      'GET /api/digests': { status: 502, body: '<html>Bad Gateway</html>' },
      'GET /api/feedback': { status: 503, statusText: 'Service Unavailable' },
    });
    const proxy = await failureOf(apiRequest('GET', '/api/digests'));
    expect(proxy.message).toBe('502: <html>Bad Gateway</html>');
    expect(proxy.body).toBe('<html>Bad Gateway</html>');
    expect(serverErrorMessage(proxy)).toBeNull();
    const empty = await failureOf(apiRequest('GET', '/api/feedback'));
    expect(empty.message).toBe('503: Service Unavailable');
    expect(empty.body).toBeNull();
    expect(serverErrorMessage(empty)).toBeNull();
  });

  it('tells a 401 from other failures, and a network failure from a server answer', async () => {
    expect(isUnauthorizedError(new ApiError(401, '{"message":"Unauthorized"}', { message: 'Unauthorized' }))).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, 'Forbidden', null))).toBe(false);
    expect(serverErrorMessage(new TypeError('Failed to fetch'))).toBeNull();
  });
});
