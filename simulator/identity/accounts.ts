import type { Role } from "../../app/contract/enums";

export interface DemoAccount {
  username: string;
  password: string;
  subject: string;
  name: string;
  organizationName: string;
  tenantId: string;
  roles: Role[];
}

// One venue for every demo account, so the Manager simulator sees a single tenant.
const demoTenantId = "3b0f6a52-8c1d-4e7a-9f2b-5d6c7e8f9a01";
const demoOrganizationName = "Demo Venue";

export const demoAccounts: readonly DemoAccount[] = Object.freeze([
  {
    username: "admin",
    password: "admin",
    subject: "6f1c3d2a-0b7e-4c59-9a51-1f2e3d4c5b6a",
    name: "Alex Admin",
    organizationName: demoOrganizationName,
    tenantId: demoTenantId,
    roles: ["Admin"],
  },
  {
    username: "owner",
    password: "owner",
    subject: "0d8e4b71-5a2c-4f3e-8b6d-2c7a9e1f4d30",
    name: "Olivia Owner",
    organizationName: demoOrganizationName,
    tenantId: demoTenantId,
    roles: ["Owner"],
  },
  {
    username: "moderator",
    password: "moderator",
    subject: "a47c9e15-3d6b-4a28-b0f1-8e5d2c6b7a94",
    name: "Max Moderator",
    organizationName: demoOrganizationName,
    tenantId: demoTenantId,
    roles: ["Moderator"],
  },
]);

export function findDemoAccountBySubject(subject: string): DemoAccount | undefined {
  return demoAccounts.find((account) => account.subject === subject);
}

/** The account whose credentials these are; usernames are matched case-insensitively, as people type them. */
export function authenticateDemoAccount(username: string, password: string): DemoAccount | undefined {
  const account = demoAccounts.find((candidate) => candidate.username === username.trim().toLowerCase());
  return account && account.password === password ? account : undefined;
}

/** The claims that describe the signed-in account to the console and the Manager. */
export function accountClaims(account: DemoAccount) {
  return {
    name: account.name,
    organizationName: account.organizationName,
    tenantId: account.tenantId,
    roles: [...account.roles],
  };
}
