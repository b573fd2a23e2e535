import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { clients, user_tokens, users } from '../../db/schema'

/** One-time links: a password reset and an invitation to set the first password. */
export type UserTokenKind = 'password_reset' | 'invitation'

/** Only this hash is stored: a leaked database does not leak usable links. */
export function hashUserToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

export function createUserTokensDal(db: Executor) {
  return {
    /** A fresh token (32 random bytes); the user's earlier unused tokens of that kind stop working. */
    async issue(kind: UserTokenKind, userId: number, expiresAt: Date): Promise<string> {
      const token = randomBytes(32).toString('base64url')
      await db
        .delete(user_tokens)
        .where(and(eq(user_tokens.user_id, userId), eq(user_tokens.kind, kind), isNull(user_tokens.used_at)))
      await db
        .insert(user_tokens)
        .values({ id: hashUserToken(token), kind, user_id: userId, expires_at: expiresAt })
      return token
    },
    /** The user and client account behind a token that is unused and unexpired, else null. */
    async findValid(kind: UserTokenKind, token: string, now: Date) {
      const [row] = await db
        .select({ user: users, client_name: clients.name })
        .from(user_tokens)
        .innerJoin(users, eq(users.id, user_tokens.user_id))
        .innerJoin(clients, eq(clients.id, users.id_client))
        .where(
          and(
            eq(user_tokens.id, hashUserToken(token)),
            eq(user_tokens.kind, kind),
            isNull(user_tokens.used_at),
            gt(user_tokens.expires_at, now),
          ),
        )
      return row ?? null
    },
    /** Marks the token used, once: the user id, or null when it was unknown, used or expired. */
    async consume(kind: UserTokenKind, token: string, now: Date): Promise<number | null> {
      const [row] = await db
        .update(user_tokens)
        .set({ used_at: now })
        .where(
          and(
            eq(user_tokens.id, hashUserToken(token)),
            eq(user_tokens.kind, kind),
            isNull(user_tokens.used_at),
            gt(user_tokens.expires_at, now),
          ),
        )
        .returning({ user_id: user_tokens.user_id })
      return row?.user_id ?? null
    },
  }
}
