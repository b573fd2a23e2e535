import webPush from 'web-push'
import type { AppSecrets } from '../../db/app-secrets'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

const secretKey = 'vapid'

/**
 * The VAPID key pair Web Push messages are signed with: generated once and kept in app_secrets.
 * Every process proposes a pair and keeps whichever was stored first, so processes starting
 * together agree on one pair.
 */
export async function loadVapidKeys(secrets: AppSecrets): Promise<VapidKeys> {
  const keys = await secrets.keepFirst<Partial<VapidKeys>>(secretKey, webPush.generateVAPIDKeys())
  if (!keys?.publicKey || !keys.privateKey) throw new Error('app_secrets holds no usable VAPID key pair')
  return { publicKey: keys.publicKey, privateKey: keys.privateKey }
}
