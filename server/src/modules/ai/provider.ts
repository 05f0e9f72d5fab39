/**
 * The generative-language provider behind the AI product generator, called by the server with a
 * server-side key (the browser never holds it): Gemini through @google/genai, or any
 * OpenAI-compatible chat completions endpoint (AI_BASE_URL). Each call has a deadline.
 */
import { GoogleGenAI } from '@google/genai';

export interface AiSettings {
  provider: 'gemini' | 'openai';
  apiKey: string;
  baseUrl: string | undefined;
  model: string;
  timeoutMs: number;
}

/** The reply's text, or a ProviderError saying why there is none. */
export type Ask = (system: string, prompt: string) => Promise<string>;

export class ProviderError extends Error {
  constructor(
    readonly kind: 'timeout' | 'failed',
    detail: string,
  ) {
    super(detail);
  }
}

const DEFAULT_MODELS = { gemini: 'gemini-2.5-flash', openai: 'gpt-4o-mini' } as const;

/** The settings from the configuration, or null when no key is set (the feature is off). */
export function aiSettings(config: {
  provider?: string | undefined;
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  model?: string | undefined;
  timeoutMs: number;
}): AiSettings | null {
  if (!config.apiKey) return null;
  const provider =
    config.provider === 'gemini' || (!config.provider && !config.baseUrl) ? 'gemini' : 'openai';
  return {
    provider,
    apiKey: config.apiKey,
    baseUrl: config.baseUrl,
    model: config.model ?? DEFAULT_MODELS[provider],
    timeoutMs: config.timeoutMs,
  };
}

async function withDeadline<T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return await run(signal);
  } catch (error) {
    if (signal.aborted) throw new ProviderError('timeout', `no answer within ${timeoutMs / 1000} s`);
    if (error instanceof ProviderError) throw error;
    throw new ProviderError('failed', error instanceof Error ? error.message : String(error));
  }
}

export function askProvider(settings: AiSettings): Ask {
  if (settings.provider === 'gemini') {
    const client = new GoogleGenAI({
      apiKey: settings.apiKey,
      ...(settings.baseUrl ? { httpOptions: { baseUrl: settings.baseUrl } } : {}),
    });
    return (system, prompt) =>
      withDeadline(settings.timeoutMs, async (abortSignal) => {
        const reply = await client.models.generateContent({
          model: settings.model,
          contents: prompt,
          config: { systemInstruction: system, responseMimeType: 'application/json', abortSignal },
        });
        return reply.text ?? '';
      });
  }
  const url = `${(settings.baseUrl ?? 'https://api.openai.com/v1').replace(/\/$/, '')}/chat/completions`;
  return (system, prompt) =>
    withDeadline(settings.timeoutMs, async (signal) => {
      const response = await fetch(url, {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
        body: JSON.stringify({
          model: settings.model,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: prompt },
          ],
        }),
      });
      if (!response.ok) throw new ProviderError('failed', `the provider answered ${response.status}`);
      const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
      return body.choices?.[0]?.message?.content ?? '';
    });
}
