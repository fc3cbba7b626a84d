// /members: the members admin page's API (spec 001 §2). A company-only screen (§6): every route
// needs a staff-side role on a verified company-domain e-mail, and reads or writes the caller's
// organization only. GET /members is also the org-scoped list other services' screens pick
// recipients from.
import { Nullable, orgScope, requireCompanyDomainStaff } from '@lectern/service-kit';
import type { ServiceInstance } from '@lectern/service-kit';
import { Type } from 'typebox';
import type { IdentityContext } from '../context.ts';
import { allMembers, listMembers } from './member.repository.ts';
import { commitImport, csvHeader, csvRows, previewImport } from './member.csv.ts';
import { addMember, memberView, updateMember } from './member.service.ts';
import type { MemberFilters } from './member.rules.ts';

const RoleFilter = Type.Optional(Type.Union([Type.Literal('MEMBER'), Type.Literal('VOLUNTEER')]));
const StatusFilter = Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('inactive')]));
const Filters = { search: Type.Optional(Type.String({ maxLength: 200 })), role: RoleFilter, status: StatusFilter };
export const MemberSchema = Type.Object({
  id: Type.String(),
  userId: Nullable(Type.String()),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  role: Type.String(),
  status: Type.String(),
  source: Type.String(),
  createdAt: Type.String(),
});
const Str = (max = 320) => Type.Optional(Nullable(Type.String({ maxLength: max })));

const filtersOf = (q: { search?: string | undefined; role?: 'MEMBER' | 'VOLUNTEER' | undefined; status?: 'active' | 'inactive' | undefined }): MemberFilters => ({ search: q.search, role: q.role, status: q.status });

export async function memberRoutes(app: ServiceInstance, { ctx }: { ctx: IdentityContext }): Promise<void> {
  app.addHook('onRequest', requireCompanyDomainStaff);

  app.get('/members', {
    schema: {
      tags: ['members'],
      summary: 'Members of the caller organization, newest first, filtered (search name/e-mail, role, status), one page with the total',
      querystring: Type.Object({ ...Filters, limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }), offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }) }),
      response: { 200: Type.Object({ items: Type.Array(MemberSchema), total: Type.Integer() }) },
    },
  }, async (request) => {
    const { items, total } = await listMembers(ctx.db, orgScope(request), filtersOf(request.query), { limit: request.query.limit, offset: request.query.offset });
    return { items: items.map(memberView), total };
  });

  app.get('/members/export.csv', {
    schema: {
      tags: ['members'],
      summary: 'The filtered members as CSV (first_name, last_name, email, phone, role, status, joined)',
      querystring: Type.Object(Filters),
      response: { 200: { description: 'The CSV file', content: { 'text/csv': { schema: Type.String() } } } },
    },
  }, async (request, reply) => {
    const orgId = orgScope(request);
    const chunks = [csvHeader()];
    for await (const batch of allMembers(ctx.db, orgId, filtersOf(request.query))) chunks.push(csvRows(batch));
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="members.csv"').header('cache-control', 'no-store');
    return chunks.join('');
  });

  app.post('/members', {
    schema: {
      tags: ['members'],
      summary: 'Add a member; with canSignIn, also a user with a generated password (never shown or sent) and a set-password e-mail',
      body: Type.Object({ firstName: Str(200), lastName: Str(200), email: Str(), phone: Str(50), role: Str(20), canSignIn: Type.Optional(Type.Boolean()) }),
      response: { 201: Type.Object({ member: MemberSchema, message: Type.String() }) },
    },
  }, async (request, reply) => reply.code(201).send(await addMember(ctx, orgScope(request), request.body)));

  app.patch('/members/:id', {
    schema: {
      tags: ['members'],
      summary: 'Change a member role (MEMBER/VOLUNTEER) or status (active/inactive)',
      params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
      body: Type.Object({ role: Str(20), status: Str(20) }),
      response: { 200: Type.Object({ member: MemberSchema, message: Type.String() }) },
    },
  }, async (request) => updateMember(ctx, orgScope(request), request.params.id, request.body));

  app.post('/members/import', {
    bodyLimit: 5 * 1024 * 1024,
    schema: {
      tags: ['members'],
      summary: 'Import members from CSV: dryRun gives the preview with per-row errors; otherwise all rows are written in one transaction, or none',
      body: Type.Object({ csv: Type.String({ maxLength: 5 * 1024 * 1024 }), dryRun: Type.Optional(Type.Boolean()) }),
      response: {
        200: Type.Object({
          rows: Type.Array(Type.Object({
            line: Type.Integer(), firstName: Type.String(), lastName: Type.String(), email: Type.String(), phone: Type.String(), role: Type.String(), status: Type.String(),
            action: Nullable(Type.Union([Type.Literal('add'), Type.Literal('update')])),
            errors: Type.Record(Type.String(), Type.String(), { description: 'field → message' }),
          })),
          valid: Type.Integer(),
          invalid: Type.Integer(),
        }, { description: 'dryRun: the preview, every row with its errors' }),
        201: Type.Object({ added: Type.Integer(), updated: Type.Integer(), message: Type.String() }),
      },
    },
  }, async (request, reply) => {
    const orgId = orgScope(request);
    if (request.body.dryRun) return (await previewImport(ctx, orgId, request.body.csv)).preview;
    return reply.code(201).send(await commitImport(ctx, orgId, request.body.csv));
  });
}
