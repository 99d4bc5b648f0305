/**
 * Seeds preconditions through the real API (product.md#calls) — never through the database.
 */
export interface SeedUser {
  id: number;
  first_name: string;
  role: string;
  email: string;
  password: string;
  token: string;
}

export interface SeedTicket {
  id: number;
  number: string;
  title: string;
  status: string;
}

export class Api {
  readonly base: string;
  constructor(serverUrl: string) {
    this.base = `${serverUrl}/api`;
  }

  async call<T = any>(method: string, path: string, options: { token?: string; json?: unknown; form?: Record<string, string> } = {}): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: string | undefined;
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(`${this.base}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* keep the text */
    }
    return { status: response.status, body: parsed as T };
  }

  /** Like call, but a non-2xx answer throws with the server's message. */
  async ok<T = any>(method: string, path: string, options: { token?: string; json?: unknown; form?: Record<string, string> } = {}): Promise<T> {
    const { status, body } = await this.call<any>(method, path, options);
    if (status < 200 || status > 299) throw new Error(`${method} ${path} -> ${status}: ${JSON.stringify(body)}`);
    return body as T;
  }

  async signIn(email: string, password: string): Promise<SeedUser> {
    const body = await this.ok('POST', '/auth/sign-in', { form: { email, password } });
    const user = body.data.user;
    return { id: user.id, first_name: user.first_name, role: user.role, email, password, token: body.data.authorization.token };
  }

  async signOut(token: string): Promise<number> {
    return (await this.call('POST', '/auth/sign-out', { token })).status;
  }

  async createAccount(admin: string, account: { first_name: string; last_name: string; email: string; role: 'support' | 'developer'; password: string }): Promise<SeedUser> {
    await this.ok('POST', '/auth/user/create', { token: admin, form: account });
    return this.signIn(account.email, account.password);
  }

  async createCategory(admin: string, name: string): Promise<{ id: number; name: string }> {
    await this.ok('POST', '/config/categories', { token: admin, json: { name } });
    const list = (await this.ok('GET', '/config/categories', { token: admin })).data.list as { id: number; name: string }[];
    return list.find((c) => c.name === name)!;
  }

  async createService(admin: string, name: string, app: 'shaq_app' | 'shaq_express'): Promise<{ id: number; name: string; app: string }> {
    await this.ok('POST', '/config/services', { token: admin, json: { name, app } });
    const list = (await this.ok('GET', '/config/services', { token: admin })).data.list as { id: number; name: string; app: string }[];
    return list.find((s) => s.name === name && s.app === app)!;
  }

  async createTicket(
    token: string,
    ticket: { title: string; description: string; priority: 'low' | 'medium' | 'high'; category_id: number; service_id: number; app: 'shaq_app' | 'shaq_express'; link?: string; image?: string },
  ): Promise<SeedTicket> {
    await this.ok('POST', '/tickets', {
      token,
      json: { created_by: '', developer_name: '', number: '', status: '', link: '', image: '', ...ticket },
    });
    const list = (await this.ok('GET', '/tickets/myTickets', { token })).data.list as SeedTicket[];
    const created = list.find((t) => t.title === ticket.title);
    if (!created) throw new Error(`created ticket "${ticket.title}" not found in myTickets`);
    return created;
  }

  async patchTicket(token: string, number: string, change: { status: string; developer_id?: number | null }): Promise<void> {
    await this.ok('PATCH', `/tickets/${encodeURIComponent(number)}`, { token, json: change });
  }
}

/** A fixed staff cast, shared by the journeys. */
export const CAST = {
  support: { first_name: 'Sam', last_name: 'Support', email: 'sam@helpdesk.test', role: 'support', password: 'Support-pass-1' },
  dev1: { first_name: 'Dina', last_name: 'Developer', email: 'dina@helpdesk.test', role: 'developer', password: 'Dev-pass-111' },
  dev2: { first_name: 'Omar', last_name: 'Coder', email: 'omar@helpdesk.test', role: 'developer', password: 'Dev-pass-222' },
} as const;

/** The smallest valid PNG (1×1, transparent). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
