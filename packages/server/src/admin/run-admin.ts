import { parseArgs } from 'node:util';
import { AdminRefusal, UsageError } from './admin-input';
import { OPTIONS, type AdminDeps, type AdminOutput, type Command } from './admin-command';
import { banUser, unbanUser } from './ban-commands';
import { payCashback, showCashback } from './cashback-commands';
import { changeCredits, showLedger } from './credit-commands';
import { grantCard, refund, showOrders } from './order-commands';
import { addPrompt, listPrompts, removePrompt } from './prompt-commands';

export type { AdminDeps, AdminOutput } from './admin-command';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  credits add    --user <who> --amount <credits> --reason <text> [--by <operator>]
  credits remove --user <who> --amount <credits> --reason <text> [--by <operator>]
  ledger         --user <who> [--limit <n>]
  cashback list  --user <who> [--limit <n>]
  cashback pay   --user <who> --amount <yuan> --reason <text> [--by <operator>]
  card grant     --user <who> --period <1d|7d|1m|1mPlus> --reason <text> [--by <operator>]
  orders         --user <who> [--limit <n>]
  refund         --order <id> --reason <text> [--by <operator>]
  ban            --user <who> --minutes <n> --reason <text>
  unban          --user <who>
  prompts list   [--lang <en|zh-CN>]
  prompts add    --title <text> --prefix <text> [--tags <a,b>] [--lang <en|zh-CN|all>] [--id <id>]
  prompts remove --id <id>
  help

<who> is an e-mail, a phone number or a user id. Credits: 1 credit = 1 yuan, up to 5 decimals.
Every change of money is written to the books with the operator (--by, else $USER) and the reason.
A refund changes Parley's books only: return the money to the payer in the payment provider's console.
Prompt library entries added here are served after the config file's promptLibrary and before the starter set.
Exit codes: 0 done, 1 refused (unknown user, too large an amount), 2 bad command line.`;

/** Each command by its words, as USAGE lists them. */
const COMMANDS: Record<string, Command> = {
  'credits add': (deps, values, operator, output) => changeCredits(deps, values, 1, operator, output),
  'credits remove': (deps, values, operator, output) => changeCredits(deps, values, -1, operator, output),
  ledger: (deps, values, _operator, output) => showLedger(deps, values, output),
  'cashback list': (deps, values, _operator, output) => showCashback(deps, values, output),
  'cashback pay': payCashback,
  'card grant': grantCard,
  orders: (deps, values, _operator, output) => showOrders(deps, values, output),
  refund,
  ban: banUser,
  unban: unbanUser,
  'prompts list': (deps, values, _operator, output) => listPrompts(deps, values, output),
  'prompts add': addPrompt,
  'prompts remove': (deps, values, _operator, output) => removePrompt(deps, values, output),
};

/**
 * The operator's command line (docs/reference/commerce.md (Operator command line)), run in-process: parses `argv`
 * (the words after `npm run admin --`), runs the command against `deps`, writes to `output`, answers the exit code.
 */
export async function runAdmin(argv: string[], deps: AdminDeps, output: AdminOutput): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    });
    const [command, sub, ...rest] = positionals;
    if (values.help || command === undefined || command === 'help') {
      output.out(USAGE);
      return 0;
    }
    const operator = values.by?.trim() || deps.operator;
    const words = [command, sub, ...rest].filter((w) => w !== undefined).join(' ');
    const run = COMMANDS[words];
    if (!run) throw new UsageError(`unknown command "${words}"`);
    await run(deps, values, operator, output);
    return 0;
  } catch (error) {
    if (error instanceof AdminRefusal) {
      output.err(`Refused: ${error.message}`);
      return 1;
    }
    // parseArgs throws TypeErrors with a code for unknown or malformed options.
    const code = (error as { code?: string }).code;
    if (error instanceof UsageError || code?.startsWith('ERR_PARSE_ARGS')) {
      output.err(`Error: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}
