/**
 * Server param names a schema may never declare. Server params are read from the process
 * environment too (the spec says so, and that is where an MCP client's `env` block arrives), so
 * without this list a schema could declare `PATH` or `AWS_SECRET_ACCESS_KEY` and have the value sent
 * to its upstream. These names belong to the machine, the shell, the runtime or a credential chain,
 * never to one API: an API key the user sets for a schema is named after its API (`GITHUB_TOKEN`,
 * `OPENAI_API_KEY`, `AZURE_OPENAI_API_KEY`, `GOOGLE_API_KEY`), and none of those is listed here.
 *
 * The compiler reports a declared one (VAL111) and the runtime never resolves one, for a model that
 * skipped the compiler. Names compare without letter case: on Windows the environment does.
 */
import { ToolError } from '../tool-error.ts';

interface ReservedGroup {
  /** Why a schema never gets these: shown in the compiler's message and the runtime's refusal. */
  readonly why: string;
  readonly names: readonly string[];
  /** Name prefixes (upper case): every name that starts with one is reserved. */
  readonly prefixes: readonly string[];
}

const GROUPS: readonly ReservedGroup[] = [
  {
    // What every process inherits from the login and the shell: paths, the user, the terminal, the
    // locale. Sent upstream they tell an API who and where the user is; none is ever an API key.
    why: 'a variable of the process and its shell',
    names: [
      'PATH',
      'HOME',
      'USER',
      'USERNAME',
      'LOGNAME',
      'SHELL',
      'PWD',
      'OLDPWD',
      'TMPDIR',
      'TMP',
      'TEMP',
      'TERM',
      'COLORTERM',
      'LANG',
      'LANGUAGE',
      'TZ',
      'HOST',
      'HOSTNAME',
      'MAIL',
      'EDITOR',
      'VISUAL',
      'PAGER',
      'DISPLAY',
      'WAYLAND_DISPLAY',
      'XAUTHORITY',
      'DBUS_SESSION_BUS_ADDRESS',
      'SHLVL',
      '_',
      'PS1',
      'PS2',
      'IFS',
      'CDPATH',
      'ENV',
      'HISTFILE',
      'ZDOTDIR',
      'MANPATH',
      'INFOPATH',
      'TERMINFO',
      'INVOCATION_ID',
      'JOURNAL_STREAM',
      'NOTIFY_SOCKET',
      'LISTEN_FDS',
      'LISTEN_PID',
      // Windows' equivalents.
      'USERPROFILE',
      'APPDATA',
      'LOCALAPPDATA',
      'PROGRAMDATA',
      'PROGRAMFILES',
      'SYSTEMROOT',
      'SYSTEMDRIVE',
      'WINDIR',
      'COMSPEC',
      'PATHEXT',
      'HOMEDRIVE',
      'HOMEPATH',
      'COMPUTERNAME',
      'USERDOMAIN',
      'OS',
      'NUMBER_OF_PROCESSORS',
      'PSMODULEPATH',
    ],
    prefixes: ['LC_', 'XDG_', 'BASH_', 'ZSH_', 'TERM_', 'SUDO_', 'PROCESSOR_'],
  },
  {
    // What configures the loader, node, npm and this toolkit: a schema reading them learns how the
    // server runs (and `NODE_OPTIONS` or `LD_PRELOAD` can hold paths and secrets of the setup).
    // `NPM_*` includes npm's publish token (`NPM_TOKEN`) and registry settings, which are npm's own.
    why: 'a setting of the dynamic loader, node, npm or the toolkit',
    names: ['UV_THREADPOOL_SIZE', 'UV_USE_IO_URING'],
    prefixes: ['LD_', 'DYLD_', 'NODE_', 'NPM_', 'YARN_', 'PNPM_', 'COREPACK_', 'V8_', 'TOOLKIT_'],
  },
  {
    // The network setup of the machine: proxy URLs carry proxy credentials, CA bundles are local paths.
    why: "part of the machine's network setup (proxies, CA bundles)",
    names: [
      'HTTP_PROXY',
      'HTTPS_PROXY',
      'ALL_PROXY',
      'NO_PROXY',
      'FTP_PROXY',
      'SSL_CERT_FILE',
      'SSL_CERT_DIR',
      'CURL_CA_BUNDLE',
      'REQUESTS_CA_BUNDLE',
    ],
    prefixes: [],
  },
  {
    // Agents that sign for the user: their sockets and settings reach the user's SSH and GPG keys.
    // `GIT_*` drives git's own credential helpers and SSH command (`GITHUB_*` is another prefix).
    why: "a way to the user's SSH or GPG keys",
    names: ['GPG_AGENT_INFO', 'GPG_TTY', 'GNUPGHOME'],
    prefixes: ['SSH_', 'GIT_'],
  },
  {
    // Cloud and machine credential chains: SDKs read these to sign requests or to find key files, and
    // no upstream takes them as a plain header or query value. Only the chains' own names: an API key
    // of one cloud service (`AZURE_OPENAI_API_KEY`, `GOOGLE_API_KEY`) stays a server param.
    why: 'part of a cloud or machine credential chain',
    names: [
      'GOOGLE_APPLICATION_CREDENTIALS',
      'GOOGLE_CLOUD_PROJECT',
      'GCE_METADATA_HOST',
      'KUBECONFIG',
      'AZURE_CLIENT_ID',
      'AZURE_CLIENT_SECRET',
      'AZURE_CLIENT_CERTIFICATE_PATH',
      'AZURE_CLIENT_CERTIFICATE_PASSWORD',
      'AZURE_TENANT_ID',
      'AZURE_USERNAME',
      'AZURE_PASSWORD',
      'AZURE_FEDERATED_TOKEN_FILE',
      'AZURE_AUTHORITY_HOST',
      'AZURE_SUBSCRIPTION_ID',
      'AZURE_CONFIG_DIR',
      'IDENTITY_ENDPOINT',
      'IDENTITY_HEADER',
      'MSI_ENDPOINT',
      'MSI_SECRET',
      'CI',
      'CI_JOB_TOKEN',
    ],
    prefixes: ['AWS_', 'GCLOUD_', 'CLOUDSDK_', 'KUBERNETES_', 'DOCKER_', 'ACTIONS_', 'RUNNER_'],
  },
];

/** Name → why; looked up for every variable of the environment at start, so one map, not a scan. */
const BY_NAME = new Map(GROUPS.flatMap((group) => group.names.map((name) => [name, group.why] as const)));
const BY_PREFIX = GROUPS.flatMap((group) => group.prefixes.map((prefix) => [prefix, group.why] as const));

/**
 * Why `key` is reserved (e.g. "a variable of the process and its shell"), or undefined for a name a schema may declare.
 */
export function reservedServerParam(key: string): string | undefined {
  const name = key.toUpperCase();
  return BY_NAME.get(name) ?? BY_PREFIX.find(([prefix]) => name.startsWith(prefix))?.[1];
}

/** The reserved ones among `keys`, sorted. */
export const reservedAmong = (keys: Iterable<string>): string[] =>
  [...new Set(keys)].filter((key) => reservedServerParam(key) !== undefined).sort();

/** What both the compiler and the runtime say about a reserved key (never its value). */
export const reservedServerParamText = (key: string): string =>
  `the server param ${key} is reserved: it is ${reservedServerParam(key) ?? "the machine's"}, not an API key set for ` +
  `one schema, so no schema is ever given it`;

/** A call that would need a reserved key: refused before anything is assembled or sent. */
export class ReservedServerParamError extends ToolError {
  constructor(readonly key: string) {
    super(`${reservedServerParamText(key)}; the request was not sent`);
  }
}
