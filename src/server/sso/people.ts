/**
 * People and roles (docs/design.md#directory-sign-in): matched by issuer + sub; the first time, by
 * e-mail (any case) to an existing account, else an account is created. Name, address and role follow
 * the directory at every sign-in; a role change or a refusal ends the account's sessions. These
 * changes are the directory's, not a super's: they go to the server log, not the audit log.
 */
import type { DirectoryFailure, Role, User } from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import { CACHE_TAGS } from '../http/answer-cache.ts';
import type { IdentityStore } from '../store/identities.ts';
import type { Person } from './claims.ts';
import { roleFor, type RoleRule } from './roles.ts';

export type Admission = { user: User; credentialVersion: number } | { failure: DirectoryFailure; why: string };

interface Changes {
  renamed: boolean;
  sessionsEnded: boolean;
}

function follow(identities: IdentityStore, app: ServerContext, user: User, person: Person, role: Role, changes: Changes): User {
  let current = user;
  if (current.first_name !== person.firstName || current.last_name !== person.lastName) {
    changes.renamed ||= current.first_name !== person.firstName;
    current = app.users.updateProfile(current.id, person.firstName, person.lastName) ?? current;
  }
  if (person.email && current.email !== person.email) current = identities.setEmail(current.id, person.email) ?? current;
  if (current.role !== role) {
    app.log(`Directory: ${current.email} is now ${role} (was ${current.role}); their other sessions end.`);
    current = identities.setRole(current.id, role) ?? current;
    changes.sessionsEnded = true;
  }
  return current;
}

function decide(app: ServerContext, identities: IdentityStore, issuer: string, rules: readonly RoleRule[], person: Person, changes: Changes): Admission {
  const role = roleFor(rules, person.groups);
  const linkedId = identities.userOf(issuer, person.subject);
  if (!role) {
    if (linkedId !== undefined && app.users.endSessions(linkedId)) changes.sessionsEnded = true;
    return { failure: 'not_granted', why: `no OIDC_ROLES group among [${person.groups.join(', ')}]` };
  }
  const linked = linkedId === undefined ? undefined : app.users.find(linkedId);
  if (linked) return admitted(app, follow(identities, app, linked, person, role, changes));
  if (!person.email) return { failure: 'token_invalid', why: 'neither the ID token nor userinfo gives an e-mail address' };
  const existing = app.users.findByEmail(person.email);
  if (existing) {
    if (identities.subjectOf(existing.id, issuer) !== undefined) return { failure: 'account_conflict', why: `${person.email} is linked to another directory person` };
    if (!person.emailVerified) return { failure: 'account_conflict', why: `the directory has not verified ${person.email}, so it is not linked to the existing account` };
    const adopted = identities.adopt(existing.id)!;
    identities.link(issuer, person.subject, existing.id, app.nowIso());
    changes.sessionsEnded = true;
    app.log(`Directory: ${person.email} now signs in through the directory (linked by e-mail; its password is gone).`);
    return admitted(app, follow(identities, app, adopted, person, role, changes));
  }
  const created = identities.create({ first_name: person.firstName, last_name: person.lastName, email: person.email, role }, app.nowIso());
  identities.link(issuer, person.subject, created.id, app.nowIso());
  app.log(`Directory: created ${role} account ${person.email}.`);
  return admitted(app, created);
}

function admitted(app: ServerContext, user: User): Admission {
  return { user, credentialVersion: app.users.credentialVersion(user.id)! };
}

/** Lets the person in (their account, as the directory says it is now) or says why not. */
export function admit(app: ServerContext, identities: IdentityStore, issuer: string, rules: readonly RoleRule[], person: Person): Admission {
  const changes: Changes = { renamed: false, sessionsEnded: false };
  const admission = transaction(app.db, () => decide(app, identities, issuer, rules, person, changes));
  if (changes.sessionsEnded) {
    app.sessions.sweep();
    app.live.sessionsChanged();
  }
  if (changes.renamed && 'user' in admission) {
    // Tickets and comments show their people's first names (as a rename by the person does).
    app.comments.renameAuthor(admission.user);
    const { id, first_name: firstName } = admission.user;
    // The tickets follow batch by batch after the answer (store/users.ts), as a rename by the person does.
    app.users.renameInTickets(id, firstName).then(
      () => app.cache.invalidate(CACHE_TAGS.lists, CACHE_TAGS.details),
      (error: unknown) => app.logError(`Directory: renaming ${admission.user.email} on their tickets failed: ${String(error)}`),
    );
    app.cache.invalidate(CACHE_TAGS.lists, CACHE_TAGS.details);
  }
  return admission;
}
