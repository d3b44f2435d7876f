import { notificationMessages } from '@curtaincall/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import {
  getVapidPublicKey,
  notificationKeys,
  pushStatusQueryOptions,
  subscribePush,
  unsubscribePush,
} from '../api/notifications-api';
import {
  currentSubscription,
  isPushSupported,
  playerIdOf,
  registerServiceWorker,
  subscribeBrowser,
  subscriptionJson,
} from '../utils/web-push';

/** What the browser says about push for our site. */
interface BrowserPushState {
  permission: NotificationPermission;
  subscribed: boolean;
}

const RELOAD_AFTER_ERROR_MS = 1_000;

/**
 * The my-page push switch (buyer-side.md §7 "Push consent"): on only when the browser permission
 * is granted, the browser holds our subscription and the server reports subscribed. Turning on
 * asks permission, subscribes in the browser and on the server; turning off unsubscribes both.
 * Any failure shows '알림 구독 처리 중 오류가 발생했습니다.' and reloads after 1 second.
 */
export function usePushConsent() {
  const supported = isPushSupported();
  const queryClient = useQueryClient();
  const serverStatus = useQuery(pushStatusQueryOptions());
  const [browser, setBrowser] = useState<BrowserPushState | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (!supported) return;
    let cancelled = false;
    // Registering our worker is silent (no prompt); it lets the switch read the subscription.
    void registerServiceWorker()
      .then(() => currentSubscription())
      .catch(() => null)
      .then((subscription) => {
        if (!cancelled) {
          setBrowser({ permission: Notification.permission, subscribed: subscription !== null });
        }
      });
    return () => {
      cancelled = true;
    };
  }, [supported]);

  const checked =
    supported &&
    browser?.permission === 'granted' &&
    browser.subscribed &&
    serverStatus.data?.subscribed === true;

  const fail = () => {
    toast.error(notificationMessages.subscribeFailed);
    window.setTimeout(() => window.location.reload(), RELOAD_AFTER_ERROR_MS);
  };

  async function turnOn() {
    let permission = Notification.permission;
    if (permission === 'default') permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setBrowser((state) => ({ subscribed: state?.subscribed ?? false, permission }));
      toast.error(notificationMessages.permissionDenied);
      return;
    }
    const registration = await registerServiceWorker();
    await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await subscribeBrowser(registration, await getVapidPublicKey()));
    const json = subscriptionJson(subscription);
    await subscribePush({
      playerId: await playerIdOf(json.endpoint),
      channel: 'PUSH',
      subscription: json,
    });
    setBrowser({ permission, subscribed: true });
    toast.success(notificationMessages.enabled);
  }

  async function turnOff() {
    const subscription = await currentSubscription();
    if (subscription) {
      await unsubscribePush(await playerIdOf(subscription.endpoint));
      await subscription.unsubscribe();
    }
    setBrowser((state) => ({ permission: state?.permission ?? 'default', subscribed: false }));
    toast.success(notificationMessages.disabled);
  }

  async function toggle() {
    if (!supported) {
      toast.error(notificationMessages.unsupported);
      return;
    }
    setIsBusy(true);
    try {
      if (checked) await turnOff();
      else await turnOn();
      await queryClient.invalidateQueries({ queryKey: notificationKeys.status });
    } catch {
      fail();
    } finally {
      setIsBusy(false);
    }
  }

  return {
    supported,
    checked,
    permissionDenied: browser?.permission === 'denied',
    isReady: !supported || (browser !== null && !serverStatus.isPending),
    isBusy,
    toggle,
  };
}
