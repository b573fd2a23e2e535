import type pg from 'pg'
import webPush from 'web-push'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

const secretKey = 'vapid'

/**
 * The VAPID key pair Web Push messages are signed with: generated once and kept in app_secrets.
 * Every process proposes a pair and keeps whichever was stored first (insert on conflict do
 * nothing, then read), so processes starting together agree on one pair.
 */
export async function loadVapidKeys(pool: pg.Pool): Promise<VapidKeys> {
  const proposed = webPush.generateVAPIDKeys()
  await pool.query(
    'insert into app_secrets (key, value) values ($1, $2::jsonb) on conflict (key) do nothing',
    [secretKey, JSON.stringify(proposed)],
  )
  const stored = await pool.query<{ value: VapidKeys }>('select value from app_secrets where key = $1', [
    secretKey,
  ])
  const keys = stored.rows[0]?.value
  if (!keys?.publicKey || !keys.privateKey) throw new Error('app_secrets holds no usable VAPID key pair')
  return keys
}
