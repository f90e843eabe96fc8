/**
 * Standard-library modules imported once when the memory snapshot is made, so a sandbox starts with them loaded
 * (the prelude needs the first two; the others are what analysis code reaches for first).
 */
export const WARM_IMPORTS = `import ast, traceback, csv, json, math, re, statistics, struct, zlib, io, datetime, collections, random, base64`;

/**
 * Python run in each sandbox before any user code (docs/reference/code-interpreter.md (Isolation layers)). It empties
 * the environment, refuses the modules that lead to JavaScript, and answers the function that runs one piece of user
 * code. This layer alone is not the boundary: Python code can undo it, so the JavaScript side is locked as well.
 */
export const PRELUDE = `
import ast, builtins, os, sys, traceback

os.environ.clear()
os.environ.update({'HOME': '/home/pyodide', 'LANG': 'C.UTF-8', 'PATH': '/usr/bin', 'USER': 'sandbox'})

_REFUSED = frozenset({'js', 'pyodide_js', 'pyodide', '_pyodide', '_pyodide_core', 'micropip', 'pyodide_http'})

class _RefuseJs:
    """Refuses the modules that lead to JavaScript."""
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name.partition('.')[0] in _REFUSED:
            raise ModuleNotFoundError(f"No module named '{name}': this sandbox has no JavaScript access", name=name)
        return None

def _refused(what):
    def refuse(*args, **kwargs):
        raise PermissionError(f'{what} is not available in this sandbox')
    return refuse

# Processes: there are none to start (the JavaScript side refuses too; these give Python's usual error).
for _name in ('system', 'popen', 'fork', 'forkpty', 'register_at_fork', 'posix_spawn', 'posix_spawnp', 'kill', 'killpg',
              'execv', 'execve', 'execl', 'execle', 'execlp', 'execlpe', 'execvp', 'execvpe',
              'spawnl', 'spawnle', 'spawnlp', 'spawnlpe', 'spawnv', 'spawnve', 'spawnvp', 'spawnvpe'):
    if hasattr(os, _name):
        setattr(os, _name, _refused(f'os.{_name}'))

for _name in list(sys.modules):
    if _name.partition('.')[0] in _REFUSED:
        del sys.modules[_name]
sys.meta_path.insert(0, _RefuseJs)
os.makedirs('/mnt/data', exist_ok=True)
os.chdir('/mnt/data')

_namespace = {'__name__': '__main__', '__builtins__': builtins}

def _run(code):
    """Runs one piece of user code; answers None, or the traceback of what it raised."""
    try:
        try:
            tree = ast.parse(code, '<code>', 'exec')
            last = None
            if tree.body and isinstance(tree.body[-1], ast.Expr):
                last = ast.Expression(tree.body.pop().value)
            exec(compile(tree, '<code>', 'exec'), _namespace)
            if last is not None:
                value = eval(compile(last, '<code>', 'eval'), _namespace)
                if value is not None:
                    print(repr(value))
        except SystemExit as stop:
            if stop.code not in (None, 0):
                return f'SystemExit: {stop.code}'
        except BaseException as error:
            tb = error.__traceback__.tb_next if error.__traceback__ else None
            return ''.join(traceback.format_exception(type(error), error, tb))
        return None
    finally:
        sys.stdout.flush()
        sys.stderr.flush()

_run
`;
