// JSON Patch (RFC 6902) applied to a copy of a document: the room sends a view's changes this way.
//
// applyPatch(doc, ops) returns the patched copy and leaves `doc` as it was; an operation that does not fit
// the document (a path that is not there, a failed "test") throws, and the caller asks for the whole view.

function unescape(token) {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

function tokens(path) {
  if (path === "") return [];
  if (typeof path !== "string" || path[0] !== "/") throw new Error(`not a JSON pointer: ${path}`);
  return path.slice(1).split("/").map(unescape);
}

function index(arr, token, forAdd) {
  if (forAdd && token === "-") return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`not an array index: ${token}`);
  const i = Number(token);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new Error(`index ${i} out of range`);
  return i;
}

function has(obj, key) {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

// The parent container of `path` and the last token.
function parentOf(doc, path) {
  const ts = tokens(path);
  if (!ts.length) return [null, null];
  let cur = doc;
  for (const t of ts.slice(0, -1)) {
    if (Array.isArray(cur)) cur = cur[index(cur, t, false)];
    else if (cur !== null && typeof cur === "object" && has(cur, t)) cur = cur[t];
    else throw new Error(`no ${path}`);
  }
  if (cur === null || typeof cur !== "object") throw new Error(`no ${path}`);
  return [cur, ts[ts.length - 1]];
}

function get(doc, path) {
  const [parent, key] = parentOf(doc, path);
  if (parent === null) return doc;
  if (Array.isArray(parent)) return parent[index(parent, key, false)];
  if (!has(parent, key)) throw new Error(`no ${path}`);
  return parent[key];
}

function add(doc, path, value) {
  const [parent, key] = parentOf(doc, path);
  if (parent === null) return value;
  if (Array.isArray(parent)) parent.splice(index(parent, key, true), 0, value);
  else parent[key] = value;
  return doc;
}

function remove(doc, path) {
  const [parent, key] = parentOf(doc, path);
  if (parent === null) throw new Error("cannot remove the whole document");
  if (Array.isArray(parent)) parent.splice(index(parent, key, false), 1);
  else if (has(parent, key)) delete parent[key];
  else throw new Error(`no ${path}`);
  return doc;
}

function equal(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new Error("a patch is a list of operations");
  let out = structuredClone(doc);
  for (const op of ops) {
    const copy = (v) => structuredClone(v);
    switch (op.op) {
      case "add":
        out = add(out, op.path, copy(op.value));
        break;
      case "remove":
        out = remove(out, op.path);
        break;
      case "replace": {
        get(out, op.path); // it must be there
        const [parent, key] = parentOf(out, op.path);
        if (parent === null) out = copy(op.value);
        else if (Array.isArray(parent)) parent[index(parent, key, false)] = copy(op.value);
        else parent[key] = copy(op.value);
        break;
      }
      case "move": {
        const v = get(out, op.from);
        out = remove(out, op.from);
        out = add(out, op.path, v);
        break;
      }
      case "copy":
        out = add(out, op.path, copy(get(out, op.from)));
        break;
      case "test":
        if (!equal(get(out, op.path), op.value)) throw new Error(`test failed at ${op.path}`);
        break;
      default:
        throw new Error(`unknown operation ${op.op}`);
    }
  }
  return out;
}
