/** design.md#first-admin: on an empty database the first super account comes from ADMIN_*. */
import { LIMITS } from '../../shared/index.ts';
import type { ServerContext } from '../context.ts';
import { generatePassword, hashPassword } from './passwords.ts';

export async function ensureFirstAdmin(app: ServerContext): Promise<void> {
  if (app.users.count() > 0) return;
  const { adminEmail, adminFirstName, adminLastName, scryptCost } = app.settings;
  const password = app.settings.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password, scryptCost);
  if (app.users.count() > 0) return;
  app.users.create(
    { first_name: adminFirstName, last_name: adminLastName, email: adminEmail, role: 'super', password_hash: passwordHash },
    app.nowIso(),
  );
  if (app.settings.adminPassword) {
    app.log(`Created the first admin account ${adminEmail} (password from ADMIN_PASSWORD).`);
    if (password.length < LIMITS.serverPasswordMin) {
      app.logError(`Warning: ADMIN_PASSWORD is shorter than ${LIMITS.serverPasswordMin} characters; change it after signing in.`);
    }
    return;
  }
  app.log(
    [
      '',
      '================================================================',
      ' First admin account created. This password is shown only once:',
      `   e-mail:   ${adminEmail}`,
      `   password: ${password}`,
      ' Sign in and change it (menu > Change password), or set',
      ' ADMIN_EMAIL / ADMIN_PASSWORD before the first start.',
      '================================================================',
      '',
    ].join('\n'),
  );
}
