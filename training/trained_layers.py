"""What the twin's reader and the crisis reader share: the frozen bottom of the base computed once per text, the
trained top layers written in the base file's own layout (what ships: fp16, with where each tensor goes), the
committed layers read back, and a torch.onnx.export of the same model for verify-export.ts."""
import hashlib, json, os, sys
import onnx, torch, torch.nn as nn

sha = lambda b: hashlib.sha256(b).hexdigest()


def frozen_states(base, ids_list, freeze, batch=32):
    """Each text's states after the frozen bottom `freeze` layers (the same whatever is trained above them)."""
    out = []
    with torch.no_grad():
        order = sorted(range(len(ids_list)), key=lambda i: len(ids_list[i])); states = [None] * len(ids_list)
        for i in range(0, len(order), batch):
            chunk = order[i:i + batch]; T = max(len(ids_list[k]) for k in chunk)
            ids = torch.zeros(len(chunk), T, dtype=torch.long); att = torch.zeros_like(ids)
            for r, k in enumerate(chunk): ids[r, :len(ids_list[k])] = torch.tensor(ids_list[k]); att[r, :len(ids_list[k])] = 1
            x = base.run_layers(base.embed(ids), att, 0, freeze)
            for r, k in enumerate(chunk): states[k] = x[r, :len(ids_list[k])].clone()
        out = states
    return out


def encode(top, states):
    """The trained top over frozen states: the [CLS] state at unit length."""
    T = max(s.shape[0] for s in states); x = torch.zeros(len(states), T, states[0].shape[1]); att = torch.zeros(len(states), T)
    for k, s in enumerate(states): x[k, :s.shape[0]] = s; att[k, :s.shape[0]] = 1
    mask = (1.0 - att[:, None, None, :]) * -1e4
    for layer in top: x = layer(x, mask)
    v = x[:, 0]
    return v / v.norm(dim=-1, keepdim=True)


def round_to_fp16(top):
    """What ships is fp16: every figure measured after this is of that."""
    with torch.no_grad():
        for q in top.parameters(): q.copy_(q.half().float())


def write_trained(model, where, base_path, out_dir, freeze):
    """The trained tensors (layers `freeze`–11) in the base file's layout (MatMul weights transposed) as
    OUT_DIR/trained.fp16.bin; returns the manifest's shared part: base, trained file, assembled hash, tensors."""
    os.makedirs(out_dir, exist_ok=True)
    blob = open(base_path, "rb").read(); assembled = bytearray(blob)
    inits = {i.name: i for i in onnx.load(base_path).graph.initializer}
    tensors, trained = [], bytearray()
    for pname, param in model.named_parameters():
        layer = int(pname.split(".")[1]) if pname.startswith("layers.") else -1
        if layer < freeze: continue
        init_name, transposed = where[pname]
        raw = inits[init_name].raw_data
        at = blob.find(raw)
        if at < 0 or blob.find(raw, at + 1) >= 0: sys.exit(f"{init_name}: its bytes are not found exactly once in the base file")
        value = (param.detach().T if transposed else param.detach()).contiguous()
        half = value.half().numpy().tobytes(); full = value.numpy().astype("<f4").tobytes()
        assert len(full) == len(raw)
        tensors.append({"name": init_name, "baseOffset": at, "count": value.numel(), "trainedOffset": len(trained)})
        trained += half; assembled[at:at + len(full)] = full
    open(os.path.join(out_dir, "trained.fp16.bin"), "wb").write(trained)
    return {
        "base": {"package": "@coree-ai/coree-model-bge-small-en-v1.5", "version": "1.0.2", "sha256": sha(blob), "bytes": len(blob)},
        "trained": {"file": "trained.fp16.bin", "sha256": sha(trained), "bytes": len(trained), "layers": f"{freeze}-11"},
        "assembledSha256": sha(assembled),
        "tensors": tensors,
    }


def read_trained(model_dir, base_path, freeze, load_bge):
    """A committed model's trained tensors (fp16, checked by hash) written into a fresh copy of the base; returns the
    model and its manifest."""
    manifest = json.load(open(os.path.join(model_dir, "manifest.json")))
    raw = open(os.path.join(model_dir, manifest["trained"]["file"]), "rb").read()
    if sha(raw) != manifest["trained"]["sha256"]: sys.exit(f"{model_dir}: trained file does not match its manifest")
    if sha(open(base_path, "rb").read()) != manifest["base"]["sha256"]: sys.exit(f"{model_dir}: trained over another base file")
    if manifest["trained"]["layers"] != f"{freeze}-11": sys.exit(f"{model_dir}: its trained layers are {manifest['trained']['layers']}, not {freeze}-11 (--freeze)")
    if sum(2 * t["count"] for t in manifest["tensors"]) != len(raw): sys.exit(f"{model_dir}: the manifest's tensors do not cover the trained file")
    model, where = load_bge(base_path); by_init = {t["name"]: t for t in manifest["tensors"]}
    with torch.no_grad():
        for pname, param in model.named_parameters():
            if not pname.startswith("layers.") or int(pname.split(".")[1]) < freeze: continue
            init_name, transposed = where[pname]; t = by_init[init_name]
            value = torch.frombuffer(bytearray(raw[t["trainedOffset"]:t["trainedOffset"] + 2 * t["count"]]), dtype=torch.float16).float()
            param.copy_(value.reshape(param.T.shape).T if transposed else value.reshape(param.shape))
    return model, manifest


def export_onnx(model, path):
    """The same model exported by torch, for verify-export.ts to compare with the file the product assembles."""
    class Export(nn.Module):
        def __init__(s, m): super().__init__(); s.m = m
        def forward(s, input_ids, attention_mask, token_type_ids): return s.m(input_ids, token_type_ids, attention_mask)
    example = torch.ones(2, 8, dtype=torch.long)
    torch.onnx.export(Export(model).eval(), (example, example, torch.zeros_like(example)), path,
                      input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["last_hidden_state"], opset_version=14,
                      dynamic_axes={n: {0: "batch", 1: "tokens"} for n in ("input_ids", "attention_mask", "token_type_ids", "last_hidden_state")})
