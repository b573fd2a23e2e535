import type { PushSubscriptionInput } from '@kropla/domain'
import type pg from 'pg'

export interface StoredPushSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

/** A user's browsers that accept Web Push. An endpoint belongs to one user: the last to subscribe it. */
export function createPushSubscriptionsDal(pool: pg.Pool) {
  return {
    async save(userId: number, subscription: PushSubscriptionInput) {
      await pool.query(
        `insert into push_subscriptions (endpoint, id_user, keys) values ($1, $2, $3::jsonb)
         on conflict (endpoint) do update set id_user = excluded.id_user, keys = excluded.keys`,
        [subscription.endpoint, userId, JSON.stringify(subscription.keys)],
      )
    },
    /** Removes the endpoint only when it is the user's own. */
    async remove(userId: number, endpoint: string) {
      await pool.query('delete from push_subscriptions where endpoint = $1 and id_user = $2', [
        endpoint,
        userId,
      ])
    },
    /** The push service said the subscription is gone (404/410). */
    async forget(endpoint: string) {
      await pool.query('delete from push_subscriptions where endpoint = $1', [endpoint])
    },
    /** The user's own subscription with this endpoint, if they have it (another user's is never found). */
    async findOwn(userId: number, endpoint: string): Promise<StoredPushSubscription | null> {
      const result = await pool.query<StoredPushSubscription>(
        'select endpoint, keys from push_subscriptions where endpoint = $1 and id_user = $2',
        [endpoint, userId],
      )
      return result.rows[0] ?? null
    },
    async ofUser(userId: number): Promise<StoredPushSubscription[]> {
      const result = await pool.query<StoredPushSubscription>(
        'select endpoint, keys from push_subscriptions where id_user = $1 order by created_at',
        [userId],
      )
      return result.rows
    },
  }
}
export type PushSubscriptionsDal = ReturnType<typeof createPushSubscriptionsDal>
