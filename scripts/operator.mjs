// npm run operator -- <command>: the deployment owner's first steps over the operator API.
//
//   npm run operator -- create-company --id acme2 --name "Acme Two" --host acme2.localhost --primary-color '#0b7285' --owner-email ana@acme2.example
//   npm run operator -- import-ambassadors people.csv --invite --key opk_... --url http://acme2.localhost:8787
//   npm run operator -- help <command>
//
// Plain Node, no dependencies. The portal: --url, else env PORTAL_URL, else http://localhost:8787. The
// admin key: env ADMIN_API_KEY, else .dev.vars. A company key: --key, else env OPERATOR_KEY; it works only
// on its company's own hosts, so --url names one of them.
import { parseArgs } from './lib/proc.mjs';
import { companies, createCompany, hosts, keys } from './operator/admin-commands.mjs';
import { CliError } from './operator/client.mjs';
import { importAmbassadors, MAX_ROWS_PER_REQUEST } from './operator/import.mjs';

const COMMON = `Options of every command:
  --url <url>   the portal (default: env PORTAL_URL, else http://localhost:8787)
  --json        print the API's answer as JSON
  --help        this help`;
const ADMIN_KEY = 'Uses the deployment owner\'s key: env ADMIN_API_KEY, else ADMIN_API_KEY of .dev.vars.';

const COMMANDS = {
  'create-company': {
    run: createCompany,
    strings: ['id', 'name', 'host', 'currency', 'language', 'languages', 'primary-color', 'logo', 'support-email', 'customization', 'label', 'owner-email'],
    help: `npm run operator -- create-company --id <id> --name <name> --host <host>[,<host>...] [options]

Creates a company whose portal serves its host(s) at once, then issues its first API key and prints
it (once: store it). ${ADMIN_KEY}

  --id <id>               company id: 2-40 lower-case letters, digits and hyphens
  --name <name>           the company name ambassadors see
  --host <host>           host name(s) of its portal, comma-separated (e.g. acme2.localhost locally)
  --currency <code>       ISO 4217 code (default USD)
  --language <code>       default language: en es fr it nl pl pt de es-419 es-MX fr-CA (default en)
  --languages <a,b>       more languages ambassadors may pick
  --primary-color <hex>   brand colour of buttons, links and tabs, e.g. '#0b7285'
  --logo <url>            logo of the login page and sidebar (https://... or /path)
  --support-email <mail>  the company's support address
  --customization <file>  a customization document (JSON) to start from; the flags above go over it
  --label <text>          label of the API key (default "created by npm run operator")
  --owner-email <mail>    e-mail an invitation to the company console to its first owner (a link to
                          /console/accept on the company's host, valid 7 days; they set name and password)`,
  },
  companies: {
    run: companies,
    strings: [],
    help: `npm run operator -- companies list
npm run operator -- companies show <company-id>

Lists the companies (id, currency, live API keys, name, hosts), or shows one. ${ADMIN_KEY}`,
  },
  hosts: {
    run: hosts,
    strings: ['company'],
    help: `npm run operator -- hosts add <company-id> <host>
npm run operator -- hosts remove <company-id> <host>

Attaches a host name to a company (it serves the company's portal at once; a host belongs to one
company) or removes it (it answers 404 at once). Point the domain at the Worker too. ${ADMIN_KEY}`,
  },
  keys: {
    run: keys,
    strings: ['company', 'label'],
    help: `npm run operator -- keys create <company-id> [--label <text>]
npm run operator -- keys list <company-id>
npm run operator -- keys revoke <company-id> <key-id>

Company API keys (Authorization: Bearer opk_...). create prints the new key once; list shows ids,
prefixes and labels (never the keys); revoke refuses the key from the next request on. ${ADMIN_KEY}`,
  },
  'import-ambassadors': {
    run: importAmbassadors,
    strings: ['key', 'chunk-size'],
    booleans: ['invite'],
    help: `npm run operator -- import-ambassadors <file.csv> [--invite] [--key opk_...]

Creates ambassadors from a CSV with a header row: email,first_name,last_name and optionally
group,campaigns,language (campaigns: uids separated by ";"). Sends ${MAX_ROWS_PER_REQUEST} rows a request
(--chunk-size to send fewer), prints progress, then every row that failed with its reasons, and exits
with 1 if any row failed. Rows whose e-mail already exists are skipped, so a run can be repeated.

  --invite             e-mail each new ambassador a link to set a password
  --key <opk_...>      the company's API key (default: env OPERATOR_KEY)
  --chunk-size <n>     rows per request, 1-${MAX_ROWS_PER_REQUEST}

A company key works only on its company's own hosts: --url (or PORTAL_URL) names one of them, e.g.
http://acme2.localhost:8787 (create-company prints it).

Example CSV:
  email,first_name,last_name,group,campaigns,language
  ana@example.com,Ana,Lopez,grp-creators,cmp-main;cmp-summer,es`,
  },
};

function usage() {
  return `npm run operator -- <command> [options]

Commands:
  create-company       create a company with its host(s) and first API key
  companies            list | show <company-id>
  hosts                add | remove <company-id> <host>
  keys                 create | list | revoke <company-id> ...
  import-ambassadors   import ambassadors from a CSV file (company key)
  help <command>       the options of a command

${COMMON}`;
}

async function main() {
  const [name, ...rest] = process.argv.slice(2);
  if (!name || name === '--help' || name === '-h') return console.log(usage());
  if (name === 'help') {
    const command = COMMANDS[rest[0]];
    return console.log(command ? `${command.help}\n\n${COMMON}` : usage());
  }
  const command = COMMANDS[name];
  if (!command) throw new CliError(`unknown command "${name}"\n\n${usage()}`, 2);
  let args;
  try {
    args = parseArgs(rest, { booleans: ['json', 'help', ...(command.booleans ?? [])], strings: ['url', ...command.strings] });
  } catch (err) {
    throw new CliError(`${err.message}\n\n${command.help}`, 2);
  }
  if (args.help) return console.log(`${command.help}\n\n${COMMON}`);
  await command.run(args);
}

main().catch((err) => {
  console.error(err instanceof CliError ? `error: ${err.message}` : err);
  process.exitCode = err instanceof CliError ? err.exitCode : 1;
});
