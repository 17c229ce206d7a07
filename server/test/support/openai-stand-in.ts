import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { translateWith, type Phrases } from './phrase-dictionary.js';
import { closeNow, readBody } from './stand-in-http.js';

/**
 * A loopback stand-in for an OpenAI-compatible chat-completions endpoint (OpenAI, vLLM, llama.cpp, Ollama):
 * `POST /v1/chat/completions` `{model, messages, temperature, response_format}` with `Authorization: Bearer`
 * -> `{id, object: "chat.completion", created, model, choices: [{index, message: {role, content},
 * finish_reason}], usage}`. Errors as OpenAI answers them, `{error: {message, type, param, code}}`: 400 (no
 * JSON, no model, no messages), 401 (no key, a wrong key), 429 (rate limit, with `retry-after`), 500.
 *
 * As a translator it answers the last user message translated with the test's phrases (any language's);
 * `answerWith` makes it answer something else (a model adding a figure, chatting around the translation).
 */
export interface OpenAiStandIn {
  /** The base URL to configure (`OPENAI_BASE_URL`), ending in /v1. */
  baseUrl: string;
  requests: Array<{ body: { model?: string; messages?: Array<{ role: string; content: string }> }; authorization: string | null }>;
  /** From now on the reply to a user message is `reply(userText, translated)`; null restores plain translation. */
  answerWith(reply: ((user: string, translated: string) => string) | null): void;
  /** The next `times` requests answer 429, with `retry-after: seconds` when given. */
  rateLimit(times: number, retryAfterSeconds?: number): void;
  /** The next `times` requests answer 500 (OpenAI's server_error). */
  failNext(times?: number): void;
  close(): Promise<void>;
}

export async function startOpenAiStandIn(options: { dictionary: Record<string, Phrases>; apiKey?: string }): Promise<OpenAiStandIn> {
  const phrases: Phrases = Object.assign({}, ...Object.values(options.dictionary));
  const requests: OpenAiStandIn['requests'] = [];
  const failures: Array<{ status: number; retryAfter?: number }> = [];
  let reply: ((user: string, translated: string) => string) | null = null;

  const server = createServer(async (req, res) => {
    const error = (status: number, message: string, type: string, code: string | null = null, headers: Record<string, string> = {}) =>
      res
        .writeHead(status, { 'content-type': 'application/json', ...headers })
        .end(JSON.stringify({ error: { message, type, param: null, code } }));
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/v1/chat/completions')
      return error(404, `Invalid URL (${req.method} ${req.url})`, 'invalid_request_error');
    const raw = await readBody(req);
    const authorization = (req.headers.authorization as string | undefined) ?? null;
    let body: OpenAiStandIn['requests'][number]['body'];
    try {
      body = JSON.parse(raw);
    } catch {
      return error(400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
    }
    requests.push({ body, authorization });

    if (options.apiKey) {
      const key = authorization?.replace(/^Bearer\s+/i, '');
      if (!key)
        return error(
          401,
          "You didn't provide an API key. You need to provide your API key in an Authorization header.",
          'invalid_request_error',
        );
      if (key !== options.apiKey)
        return error(401, `Incorrect API key provided: ${key.slice(0, 3)}***${key.slice(-2)}.`, 'invalid_request_error', 'invalid_api_key');
    }
    const failure = failures.shift();
    if (failure?.status === 429)
      return error(
        429,
        'Rate limit reached for requests. Please try again later.',
        'requests',
        'rate_limit_exceeded',
        failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) },
      );
    if (failure) return error(500, 'The server had an error while processing your request. Sorry about that!', 'server_error');
    if (!body.model) return error(400, 'you must provide a model parameter', 'invalid_request_error');
    if (!Array.isArray(body.messages) || !body.messages.length)
      return error(400, "Missing required parameter: 'messages'.", 'invalid_request_error', 'missing_required_parameter');

    const user = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const translated = translateWith(phrases, user);
    const content = reply ? reply(user, translated) : translated;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-${randomBytes(12).toString('hex')}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: Math.ceil(raw.length / 4), completion_tokens: Math.ceil(content.length / 4), total_tokens: 0 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    answerWith(fn) {
      reply = fn;
    },
    rateLimit(times, retryAfterSeconds) {
      for (let i = 0; i < times; i++) failures.push({ status: 429, retryAfter: retryAfterSeconds });
    },
    failNext(times = 1) {
      for (let i = 0; i < times; i++) failures.push({ status: 500 });
    },
    close: () => closeNow(server),
  };
}
