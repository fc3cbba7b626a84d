import type { Db } from '../data/database.ts';

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase())).executeTakeFirst();
  return row !== undefined;
}

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase())).executeTakeFirst();
}
