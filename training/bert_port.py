"""bge-small-en-v1.5 from its npm-shipped ONNX file into a PyTorch BERT (12 layers, hidden 384, 12 heads).

The ONNX graph keeps names for embeddings, biases and LayerNorms; each linear layer's weight is an unnamed
`onnx::MatMul_*` initializer, found through the Add that follows its MatMul (that Add names the bias), and transposed.
The CLS output matches transformers.js to about 1e-7. `load_bge` also says, for every parameter, which initializer of
the base file holds it (and whether it is stored transposed), so the trained layers can be written back into a copy of
that same file by the product (providers/embeddings/twin-reader-assembly.ts) instead of shipping a whole model."""
import math, onnx, torch, torch.nn as nn
from onnx import numpy_helper

H, L, NH, I = 384, 12, 12, 1536

class Layer(nn.Module):
    def __init__(s):
        super().__init__()
        s.q, s.k, s.v, s.o = (nn.Linear(H, H) for _ in range(4)); s.ln1 = nn.LayerNorm(H, eps=1e-12)
        s.i, s.out = nn.Linear(H, I), nn.Linear(I, H); s.ln2 = nn.LayerNorm(H, eps=1e-12)

    def forward(s, x, mask):
        B, T, _ = x.shape
        heads = lambda t: t.view(B, T, NH, H // NH).transpose(1, 2)
        a = (heads(s.q(x)) @ heads(s.k(x)).transpose(-1, -2)) / math.sqrt(H // NH) + mask
        c = (a.softmax(-1) @ heads(s.v(x))).transpose(1, 2).reshape(B, T, H)
        x = s.ln1(x + s.o(c))
        return s.ln2(x + s.out(nn.functional.gelu(s.i(x))))

class Bert(nn.Module):
    def __init__(s):
        super().__init__()
        s.we, s.pe, s.te = nn.Embedding(30522, H), nn.Embedding(512, H), nn.Embedding(2, H); s.ln = nn.LayerNorm(H, eps=1e-12)
        s.layers = nn.ModuleList(Layer() for _ in range(L))

    def embed(s, ids):
        return s.ln(s.we(ids) + s.pe(torch.arange(ids.shape[1])[None]) + s.te(torch.zeros_like(ids)))

    @staticmethod
    def mask_of(attention):
        return (1.0 - attention[:, None, None, :].float()) * -1e4

    def run_layers(s, x, attention, start=0, stop=L):
        mask = s.mask_of(attention)
        for layer in s.layers[start:stop]: x = layer(x, mask)
        return x

    def forward(s, ids, token_types, attention):
        x = s.ln(s.we(ids) + s.pe(torch.arange(ids.shape[1])[None]) + s.te(token_types))
        return s.run_layers(x, attention)

def load_bge(onnx_path):
    """The model, and for each of its parameter names the base initializer's name and whether it is stored transposed."""
    m = onnx.load(onnx_path)
    inits = {i.name: numpy_helper.to_array(i) for i in m.graph.initializer}
    users = {}
    for n in m.graph.node:
        for i in n.input: users.setdefault(i, []).append(n)
    weights, transposed_from = {}, {}
    for n in m.graph.node:
        if n.op_type == "MatMul" and n.input[1] in inits:
            for add in (u for u in users.get(n.output[0], []) if u.op_type == "Add"):
                bias = [x for x in add.input if x in inits]
                if bias:
                    name = bias[0].replace(".bias", ".weight")
                    weights[name] = inits[n.input[1]].T.copy(); transposed_from[name] = n.input[1]
    named = {k: v for k, v in inits.items() if not k.startswith("onnx::")} | weights
    to = {"embeddings.word_embeddings.weight": "we.weight", "embeddings.position_embeddings.weight": "pe.weight",
          "embeddings.token_type_embeddings.weight": "te.weight", "embeddings.LayerNorm.weight": "ln.weight", "embeddings.LayerNorm.bias": "ln.bias"}
    parts = [("attention.self.query", "q"), ("attention.self.key", "k"), ("attention.self.value", "v"), ("attention.output.dense", "o"),
             ("attention.output.LayerNorm", "ln1"), ("intermediate.dense", "i"), ("output.dense", "out"), ("output.LayerNorm", "ln2")]
    for l in range(L):
        for a, c in parts:
            for w in ("weight", "bias"): to[f"encoder.layer.{l}.{a}.{w}"] = f"layers.{l}.{c}.{w}"
    model = Bert()
    model.load_state_dict({to[k]: torch.tensor(v) for k, v in named.items() if k in to}, strict=True)
    where = {to[k]: (transposed_from.get(k, k), k in transposed_from) for k in named if k in to}
    return model, where
