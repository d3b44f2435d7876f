import webPush from 'web-push';
import type { PushOutcome, PushSenderPort, PushTarget } from './push-sender';

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The `web-push` library builds the request (payload encryption, VAPID JWT); we send it with
 * fetch, which gives us a timeout and plain-http loopback stand-ins in tests (the library's own
 * sender only speaks https).
 */
export function createWebPushSender(options: {
  publicKey: string;
  privateKey: string;
  /** VAPID `sub`: a mailto: or https: contact for the push service's operators. */
  contact: string;
  fetchImpl?: typeof fetch;
}): PushSenderPort {
  const doFetch = options.fetchImpl ?? fetch;
  return {
    publicKey: options.publicKey,
    async send(target: PushTarget, payload: string, { ttlSeconds }): Promise<PushOutcome> {
      let details: ReturnType<typeof webPush.generateRequestDetails>;
      try {
        details = webPush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: {
              subject: options.contact,
              publicKey: options.publicKey,
              privateKey: options.privateKey,
            },
            TTL: ttlSeconds,
            contentEncoding: 'aes128gcm',
            urgency: 'high',
          },
        );
      } catch (error) {
        // The subscription's keys cannot be encrypted for: no attempt will ever work.
        return { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
      }
      let response: Response;
      try {
        response = await doFetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : null,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          redirect: 'error',
        });
      } catch (error) {
        return { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
      }
      await response.body?.cancel().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return { kind: 'sent' };
      if (response.status === 404 || response.status === 410) {
        return { kind: 'gone', status: response.status };
      }
      if (response.status === 429 || response.status >= 500) {
        return { kind: 'retry', error: `push service answered ${response.status}` };
      }
      return { kind: 'failed', error: `push service answered ${response.status}` };
    },
  };
}
