import type pg from 'pg'

/** What /supervisor reads: whether a user is the operator, and the names behind socket ids. */
export function createSupervisorDal(pool: pg.Pool) {
  return {
    async userType(idUser: number): Promise<number | null> {
      const result = await pool.query<{ type: number }>('select type from users where id = $1', [idUser])
      return result.rows[0]?.type ?? null
    },
    async names(userIds: number[], clientIds: number[]) {
      const [users, clients] = await Promise.all([
        pool.query<{ id: number; email: string }>('select id, email from users where id = any($1::int[])', [
          userIds,
        ]),
        pool.query<{ id: number; name: string }>('select id, name from clients where id = any($1::int[])', [
          clientIds,
        ]),
      ])
      return {
        email: new Map(users.rows.map((row) => [row.id, row.email])),
        client: new Map(clients.rows.map((row) => [row.id, row.name])),
      }
    },
  }
}
export type SupervisorDal = ReturnType<typeof createSupervisorDal>
