import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalSummarizer } from './local-summarizer';
import { createOpenAiSummarizer, plainHttpSummarizerWarning } from './openai-summarizer';
import { buildInput, buildManyReviews, TEN_REVIEWS } from './summarizer.fixtures';

const API_KEY = 'sk-test-curtaincall';
const MODEL = 'test-summary-model';

const GOOD_SUMMARY = [
  '[전체 평가] 관람객 10명의 평균 평점은 4.2점(5점 만점)으로, 대체로 만족도가 높은 공연입니다. 라이브와 무대 연출을 칭찬하는 관람평이 많고, 입장과 음향에 대한 불만이 일부 있었습니다.',
  '[좋은 점] 라이브 실력이 음원보다 좋았다는 평이 가장 많았습니다. 화려한 무대 연출과 조명, 알찬 셋리스트와 앵콜 무대도 자주 언급되었습니다. 밴드 세션 연주와 팬들과의 소통 시간도 호평을 받았습니다.',
  '[아쉬운 점] 입장 대기 줄과 굿즈 구매 줄이 길었다는 지적이 여러 번 나왔습니다. 음향이 울려 가사가 잘 들리지 않았다는 의견과 2층 뒷자리에서 무대가 잘 보이지 않았다는 의견도 있었습니다.',
].join('\n\n');

type Behaviour = 'ok' | 'error' | 'missing-labels' | 'slow' | 'slow-body';

interface ReceivedRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: unknown; messages?: { role?: unknown; content?: unknown }[] };
}

/** A stand-in for any OpenAI-compatible server: only POST /v1/chat/completions. */
function startFakeServer() {
  const state: { behaviour: Behaviour; received: ReceivedRequest[] } = {
    behaviour: 'ok',
    received: [],
  };
  const pendingTimers = new Set<NodeJS.Timeout>();

  const answer = (res: ServerResponse, content: string) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: 1_767_225_600,
        model: MODEL,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content },
            finish_reason: 'stop',
            logprobs: null,
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    state.received.push({
      path: req.url,
      authorization: req.headers.authorization,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedRequest['body'],
    });
    if (state.behaviour === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'upstream exploded', type: 'server_error' } }));
    } else if (state.behaviour === 'missing-labels') {
      answer(res, '이 공연은 라이브가 좋았고 입장 대기 줄이 길었습니다. '.repeat(8));
    } else if (state.behaviour === 'slow') {
      // Answers well after the client's timeout; by then the client has hung up.
      const timer = setTimeout(() => {
        pendingTimers.delete(timer);
        if (!res.destroyed) answer(res, GOOD_SUMMARY);
      }, 2_000);
      pendingTimers.add(timer);
    } else if (state.behaviour === 'slow-body') {
      // Headers at once, the body late: the client's own timeout no longer covers this part.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"chatcmpl-test",');
      const timer = setTimeout(() => {
        pendingTimers.delete(timer);
        if (!res.destroyed) res.end('"object":"chat.completion","choices":[]}');
      }, 2_000);
      pendingTimers.add(timer);
    } else {
      answer(res, `\n${GOOD_SUMMARY}\n`);
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  const close = async () => {
    for (const timer of pendingTimers) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { server, state, close };
}

describe('openai summarizer', () => {
  const fake = startFakeServer();
  const local = createLocalSummarizer();
  let baseURL = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    baseURL = `http://127.0.0.1:${port}/v1`;
  });

  afterAll(async () => {
    await fake.close();
  });

  const createSummarizer = (timeoutMs = 5_000) =>
    createOpenAiSummarizer({ baseURL, apiKey: API_KEY, model: MODEL, timeoutMs, fallback: local });

  it("returns the endpoint's summary, having sent the model, the key and the reviews", async () => {
    fake.state.behaviour = 'ok';
    fake.state.received = [];
    const summarizer = createSummarizer();
    expect(summarizer.kind).toBe('openai');

    const summary = await summarizer.summarize(buildInput(TEN_REVIEWS));

    expect(summary).toBe(GOOD_SUMMARY);
    expect(fake.state.received).toHaveLength(1);
    const [request] = fake.state.received;
    expect(request?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body.model).toBe(MODEL);
    const messages = request?.body.messages ?? [];
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    const system = String(messages[0]?.content);
    for (const label of ['[전체 평가]', '[좋은 점]', '[아쉬운 점]'])
      expect(system).toContain(label);
    const user = String(messages[1]?.content);
    expect(user).toContain('라이브 실력이 음원보다 훨씬 좋았어요.');
    expect(user).toContain('음향이 울려서 가사가 잘 안 들렸어요.');
    expect(user).toContain('관람평 수: 10건');
    expect(user).toContain('평균 평점: 4.2점');
  });

  it('sends at most 60 reviews but states statistics over all of them', async () => {
    fake.state.behaviour = 'ok';
    fake.state.received = [];
    await createSummarizer().summarize(buildInput(buildManyReviews(80)));

    const user = String(fake.state.received[0]?.body.messages?.[1]?.content);
    expect(user).toContain('관람평 수: 80건');
    expect(user).toContain('60. 평점');
    expect(user).not.toContain('61. 평점');
  });

  it('marks 예매자 관람평 in the prompt and tells the model to weigh them first (issue 23)', async () => {
    fake.state.behaviour = 'ok';
    fake.state.received = [];
    const reviews = TEN_REVIEWS.map((review, index) => ({ ...review, verified: index < 3 }));
    await createSummarizer().summarize(buildInput(reviews));

    const [system, user] = (fake.state.received[0]?.body.messages ?? []).map((message) =>
      String(message.content),
    );
    expect(system).toContain("'[예매자]' 표시가 붙은 관람평은 실제로 예매하고 관람한 관객");
    expect(system).toContain('예매자 관람평을 우선 근거로 삼고');
    expect(user).toContain('예매자 관람평: 3건');
    expect(user).toContain('1. [예매자] 평점');
    expect(user).toContain('3. [예매자] 평점');
    expect(user).toContain('4. 평점');
    expect(user).not.toContain('4. [예매자]');
  });

  it('falls back to the local summary when the server answers 500', async () => {
    fake.state.behaviour = 'error';
    const input = buildInput(TEN_REVIEWS);
    expect(await createSummarizer().summarize(input)).toBe(await local.summarize(input));
  });

  it('falls back to the local summary when the answer lacks the three labels', async () => {
    fake.state.behaviour = 'missing-labels';
    const input = buildInput(TEN_REVIEWS);
    expect(await createSummarizer().summarize(input)).toBe(await local.summarize(input));
  });

  it('falls back to the local summary when the server is slower than the timeout', async () => {
    fake.state.behaviour = 'slow';
    const input = buildInput(TEN_REVIEWS);
    const startedAt = performance.now();
    const summary = await createSummarizer(300).summarize(input);
    expect(performance.now() - startedAt).toBeLessThan(1_500);
    expect(summary).toBe(await local.summarize(input));
  });

  it('falls back when the body arrives slower than the timeout', async () => {
    fake.state.behaviour = 'slow-body';
    const input = buildInput(TEN_REVIEWS);
    const startedAt = performance.now();
    const summary = await createSummarizer(300).summarize(input);
    expect(performance.now() - startedAt).toBeLessThan(1_500);
    expect(summary).toBe(await local.summarize(input));
  });

  it('falls back when nothing listens at the base URL', async () => {
    const summarizer = createOpenAiSummarizer({
      baseURL: 'http://127.0.0.1:1/v1',
      apiKey: API_KEY,
      model: MODEL,
      timeoutMs: 1_000,
      fallback: local,
    });
    const input = buildInput(TEN_REVIEWS.slice(0, 3));
    expect(await summarizer.summarize(input)).toBe(await local.summarize(input));
  });
});

describe('plainHttpSummarizerWarning (the start-up log line)', () => {
  it('warns about plain http to another host, not about https or this machine', () => {
    for (const baseURL of [
      'http://ai.example.com/v1',
      'http://10.0.0.5:8000/v1',
      'http://llm.internal:11434/v1',
      'http://[2001:db8::1]/v1',
    ]) {
      expect(plainHttpSummarizerWarning(baseURL), baseURL).toContain('http');
    }
    expect(plainHttpSummarizerWarning('http://ai.example.com/v1')).toContain('ai.example.com');
    for (const baseURL of [
      'https://api.openai.com/v1',
      'https://10.0.0.5/v1',
      'http://localhost:11434/v1',
      'http://127.0.0.1:8000/v1',
      'http://[::1]:8000/v1',
      'http://ollama.localhost/v1',
    ]) {
      expect(plainHttpSummarizerWarning(baseURL), baseURL).toBeNull();
    }
  });
});
