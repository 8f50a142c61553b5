#!/usr/bin/python3
"""Export reference models to ONNX with a seeded input and PyTorch's output.

Usage: /usr/bin/python3 scripts/export-torch-models.py OUTDIR [NAME...] [--sets-dir DIR]
       /usr/bin/python3 scripts/export-torch-models.py --case-dir DIR NAME

A NAME is one of the table's models or tv:ARCH[:SIZE] for any torchvision
classification architecture (tv:squeezenet1_0, tv:inception_v3:299): a
1x3xSIZExSIZE input, SIZE defaulting to what the architecture needs
(TV_SIZES, else 224). Such a model lands in OUTDIR/ARCH (ARCH_SIZE when a
SIZE is given).

Each model lands in the layout of ONNX's backend node tests, so the
conformance runner reads both the same way:

    OUTDIR/<name>/model.onnx
    OUTDIR/<name>/test_data_set_0/input_0.pb    (TensorProto)
    OUTDIR/<name>/test_data_set_0/output_0.pb

With --sets-dir DIR, every exported model also gets DIR/<name>/calib
(--calib inputs, default 32) and DIR/<name>/eval (--eval inputs with
PyTorch's outputs, default 8) in the same layout, from seeds of their own:
the calibration and evaluation sets of the quantization benchmark.

--case-dir writes one model's files into DIR itself (for the tiny CNN
under docs/examples/tiny-cnn-onnx). Without NAMEs, every model but the
tiny CNN is exported.

Nothing is downloaded: weights are PyTorch's seeded random initialisation
(weights=None). Batch-norm running statistics are randomised too, so that
folding them is not a no-op. Runs are deterministic: fixed seeds, one
thread, and files replaced atomically.
"""

import argparse
import os
import shutil
import sys
import tempfile
import time

import numpy as np
import torch
import torchvision
from onnx import numpy_helper

OPSET = 14
SEED = 0


def randomise_norm_stats(model, gen):
    # Untrained BN has mean 0 / var 1, which makes it nearly the identity.
    for m in model.modules():
        if isinstance(m, torch.nn.modules.batchnorm._BatchNorm):
            n = m.num_features
            m.running_mean.copy_(0.1 * torch.randn(n, generator=gen))
            m.running_var.copy_(0.5 + torch.rand(n, generator=gen))
            if m.affine:
                m.weight.data.copy_(1.0 + 0.1 * torch.randn(n, generator=gen))
                m.bias.data.copy_(0.1 * torch.randn(n, generator=gen))


class TinyCNN(torch.nn.Module):
    """conv-bn-relu-pool twice, then linear: about 10 KB of weights."""

    def __init__(self):
        super().__init__()
        self.features = torch.nn.Sequential(
            torch.nn.Conv2d(3, 8, 3, padding=1),
            torch.nn.BatchNorm2d(8),
            torch.nn.ReLU(),
            torch.nn.MaxPool2d(2),
            torch.nn.Conv2d(8, 16, 3, padding=1),
            torch.nn.BatchNorm2d(16),
            torch.nn.ReLU(),
            torch.nn.AdaptiveAvgPool2d(1),
        )
        self.classifier = torch.nn.Linear(16, 10)

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


class Video3D(torch.nn.Module):
    """A tiny video net: Conv3d (strided, dilated, grouped), BatchNorm3d,
    MaxPool3d and AvgPool3d in ceil mode, global average pooling."""

    def __init__(self):
        super().__init__()
        nn = torch.nn
        self.features = nn.Sequential(
            nn.Conv3d(3, 8, 3, stride=(1, 2, 2), padding=1), nn.BatchNorm3d(8), nn.ReLU(),
            nn.MaxPool3d(3, stride=2, padding=1, ceil_mode=True),
            nn.Conv3d(8, 8, (3, 1, 1), dilation=(2, 1, 1), padding=(2, 0, 0), groups=2), nn.ReLU(),
            nn.AvgPool3d(2, stride=(1, 2, 2), padding=(1, 0, 0), count_include_pad=False, ceil_mode=True),
            nn.Conv3d(8, 6, (1, 3, 3), padding=(0, 1, 1)),
            nn.AdaptiveAvgPool3d(1),
        )
        self.classifier = nn.Linear(6, 5)

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


class Resampler(torch.nn.Module):
    """Interpolations as exported to ONNX Resize: bilinear by a non-integer
    scale, bicubic with align_corners to a size, nearest downsampling."""

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x):
        F = torch.nn.functional
        y = F.interpolate(self.conv(x), scale_factor=1.7, mode="bilinear", align_corners=False)
        y = F.interpolate(y, size=(19, 23), mode="bicubic", align_corners=True)
        return F.interpolate(y, scale_factor=0.5, mode="nearest")


class Segmentation(torch.nn.Module):
    """A torchvision segmentation model's "out" map (bilinear upsampling)."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, x):
        return self.model(x)["out"]


def transformer_encoder():
    layer = torch.nn.TransformerEncoderLayer(
        d_model=64, nhead=4, dim_feedforward=128, dropout=0.0, batch_first=True)
    return torch.nn.TransformerEncoder(layer, num_layers=2, enable_nested_tensor=False)


def vit_tiny():
    # torchvision's ViT with ViT-Tiny's width (192, 3 heads) and 4 layers:
    # the same graph as vit_b_16 at a tenth of the work.
    return torchvision.models.VisionTransformer(
        image_size=224, patch_size=16, num_layers=4, num_heads=3, hidden_dim=192, mlp_dim=768)


class Recurrent(torch.nn.Module):
    """A recurrent layer and a linear head on every step's output."""

    def __init__(self, rnn, hidden):
        super().__init__()
        self.rnn = rnn
        self.head = torch.nn.Linear(hidden, 8)

    def forward(self, x):
        return self.head(self.rnn(x)[0])


def lstm():
    return Recurrent(torch.nn.LSTM(16, 24, num_layers=2, batch_first=True, bidirectional=True), 48)


def gru():
    return Recurrent(torch.nn.GRU(16, 24), 24)


class Attention(torch.nn.Module):
    """MultiheadAttention with a causal mask, and (cross) with other key
    and value widths (separate projections)."""

    def __init__(self, cross):
        super().__init__()
        self.cross = cross
        kw = {"kdim": 24, "vdim": 40} if cross else {}
        self.attn = torch.nn.MultiheadAttention(64, 8, batch_first=True, **kw)
        if cross:
            self.k = torch.nn.Linear(64, 24)
            self.v = torch.nn.Linear(64, 40)

    def forward(self, x):
        n = x.shape[1]
        mask = torch.triu(torch.full((n, n), float("-inf")), diagonal=1)
        if self.cross:
            return self.attn(x, self.k(x), self.v(x), need_weights=False)[0]
        return self.attn(x, x, x, attn_mask=mask, need_weights=True)[0]


def transformer_decoder():
    layer = torch.nn.TransformerDecoderLayer(
        d_model=64, nhead=4, dim_feedforward=128, dropout=0.0, activation="gelu",
        batch_first=True, norm_first=True)
    dec = torch.nn.TransformerDecoder(layer, num_layers=2)

    class Decoder(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.dec = dec

        def forward(self, x):
            return self.dec(x, x[:, :8])

    return Decoder()


# name -> (constructor, input shape)
MODELS = {
    "resnet18": (lambda: torchvision.models.resnet18(weights=None), (1, 3, 224, 224)),
    "mobilenet_v2": (lambda: torchvision.models.mobilenet_v2(weights=None), (1, 3, 224, 224)),
    # The cost model's reference latencies (lowering/target) are ResNet50's.
    "resnet50": (lambda: torchvision.models.resnet50(weights=None), (1, 3, 224, 224)),
    "efficientnet_b0": (lambda: torchvision.models.efficientnet_b0(weights=None), (1, 3, 224, 224)),
    "transformer_encoder": (transformer_encoder, (1, 16, 64)),
    "vit_tiny": (vit_tiny, (1, 3, 224, 224)),
    "transformer_decoder": (transformer_decoder, (1, 16, 64)),
    "mha_causal": (lambda: Attention(False), (2, 10, 64)),
    "mha_cross": (lambda: Attention(True), (2, 10, 64)),
    "lstm": (lstm, (2, 12, 16)),
    "gru": (gru, (12, 2, 16)),
    "video3d": (Video3D, (1, 3, 8, 16, 16)),
    "resampler": (Resampler, (1, 3, 13, 17)),
    "lraspp_mobilenet_v3": (lambda: Segmentation(torchvision.models.segmentation.lraspp_mobilenet_v3_large(
        weights=None, weights_backbone=None)), (1, 3, 64, 64)),
    "tiny_cnn": (TinyCNN, (1, 3, 16, 16)),
}


# Input sizes for architectures that do not take 224x224.
TV_SIZES = {"inception_v3": 299}


def torchvision_model(spec):
    """Parses tv:ARCH[:SIZE] into (directory name, constructor, shape), or None."""
    if not spec.startswith("tv:"):
        return None
    parts = spec[3:].split(":")
    arch = parts[0]
    if len(parts) > 2 or not arch or arch not in torchvision.models.list_models(torchvision.models):
        return None
    size, dirname = TV_SIZES.get(arch, 224), arch
    if len(parts) == 2:
        if not parts[1].isdigit() or int(parts[1]) == 0:
            return None
        size, dirname = int(parts[1]), "%s_%s" % (arch, parts[1])
    # aux_logits stay (eval mode returns only the main logits); init_weights
    # is spelled out so that googlenet/inception_v3 do not warn.
    kw = {"init_weights": True} if arch in ("googlenet", "inception_v3") else {}
    return dirname, (lambda: torchvision.models.get_model(arch, weights=None, **kw)), (1, 3, size, size)


def lookup(name):
    """(directory name, constructor, input shape) of a table name or tv: spec, or None."""
    if name in MODELS:
        return (name,) + MODELS[name]
    return torchvision_model(name)


def write_case(final, model, x):
    """Export model with input x into directory final, replacing it."""
    with torch.no_grad():
        want = model(x)
    parent = os.path.dirname(os.path.abspath(final))
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="." + os.path.basename(final) + ".", dir=parent)
    try:
        onnx_path = os.path.join(tmp, "model.onnx")
        torch.onnx.export(
            model, (x,), onnx_path, opset_version=OPSET, do_constant_folding=True,
            input_names=["input"], output_names=["output"],
            training=torch.onnx.TrainingMode.EVAL)
        data = os.path.join(tmp, "test_data_set_0")
        os.mkdir(data)
        for fname, t, tname in (("input_0.pb", x, "input"), ("output_0.pb", want, "output")):
            proto = numpy_helper.from_array(t.detach().numpy().astype(np.float32), tname)
            with open(os.path.join(data, fname), "wb") as f:
                f.write(proto.SerializeToString())
        os.chmod(tmp, 0o755)
        if os.path.exists(final):
            shutil.rmtree(final)
        os.rename(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return os.path.getsize(os.path.join(final, "model.onnx")), want


def randomise_zero_params(model, gen):
    # Zero-initialised parameters (ViT's head, some biases) would make the
    # output constant or hide their ops, so the check would prove nothing.
    for p in model.parameters():
        if p.is_floating_point() and p.numel() > 0 and not p.detach().any():
            p.data.copy_(0.02 * torch.randn(p.shape, generator=gen))


def write_sets(final, model, shape, count, seed, outputs):
    """Writes count seeded inputs (and, with outputs, PyTorch's outputs) as
    final/test_data_set_<k>/{input,output}_0.pb, replacing final."""
    gen = torch.Generator().manual_seed(seed)
    parent = os.path.dirname(os.path.abspath(final))
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="." + os.path.basename(final) + ".", dir=parent)
    try:
        for k in range(count):
            x = torch.randn(shape, generator=gen)
            data = os.path.join(tmp, "test_data_set_%d" % k)
            os.mkdir(data)
            files = [("input_0.pb", x, "input")]
            if outputs:
                with torch.no_grad():
                    files.append(("output_0.pb", model(x), "output"))
            for fname, t, tname in files:
                proto = numpy_helper.from_array(t.detach().numpy().astype(np.float32), tname)
                with open(os.path.join(data, fname), "wb") as f:
                    f.write(proto.SerializeToString())
        os.chmod(tmp, 0o755)
        if os.path.exists(final):
            shutil.rmtree(final)
        os.rename(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def build(name):
    """The seeded model of a table name or tv: spec, and its input shape."""
    _, ctor, shape = lookup(name)
    # Each model is seeded on its own, so exporting a subset gives the
    # same files as exporting all.
    torch.manual_seed(SEED)
    model = ctor().eval()
    gen = torch.Generator().manual_seed(SEED + 1)
    randomise_norm_stats(model, gen)
    randomise_zero_params(model, torch.Generator().manual_seed(SEED + 2))
    return model, shape, gen


def export(name, final, sets_dir=None, calib=0, evals=0):
    model, shape, gen = build(name)
    x = torch.randn(shape, generator=gen)
    start = time.monotonic()
    size, want = write_case(final, model, x)
    if sets_dir:
        # Calibration and evaluation inputs come from their own seeds, so
        # neither overlaps the other or the model's own test set.
        root = os.path.join(sets_dir, os.path.basename(final))
        write_sets(os.path.join(root, "calib"), model, shape, calib, SEED + 10, False)
        write_sets(os.path.join(root, "eval"), model, shape, evals, SEED + 11, True)
    print("%-20s %9d bytes  output %-9s range [%.4g, %.4g]  %.1fs" % (
        name, size, "x".join(map(str, want.shape)), want.min().item(), want.max().item(),
        time.monotonic() - start), flush=True)


def main():
    p = argparse.ArgumentParser(description="Export reference models to ONNX with test data.")
    p.add_argument("outdir", nargs="?", help="directory that gets one subdirectory per model")
    p.add_argument("names", nargs="*", help="models to export (default: all but tiny_cnn): " + ", ".join(MODELS) +
                   ", or tv:ARCH[:SIZE] for any torchvision classification model")
    p.add_argument("--case-dir", metavar="DIR", help="write the single model NAME into DIR itself")
    p.add_argument("--sets-dir", metavar="DIR",
                   help="also write DIR/<name>/calib (inputs only) and DIR/<name>/eval (inputs and "
                   "PyTorch's outputs) in the test-data layout, for calibration and accuracy checks")
    p.add_argument("--calib", type=int, default=32, metavar="N", help="calibration samples with --sets-dir (default 32)")
    p.add_argument("--eval", type=int, default=8, metavar="N", help="evaluation samples with --sets-dir (default 8)")
    args = p.parse_args()
    if args.calib < 0 or args.eval < 0:
        p.error("--calib and --eval take a count >= 0")
    if args.case_dir:
        # With --case-dir the positional is the one model name.
        names = ([args.outdir] if args.outdir else []) + args.names
        if len(names) != 1:
            p.error("--case-dir takes exactly one model name")
    else:
        if not args.outdir:
            p.error("OUTDIR is required")
        names = args.names or [n for n in MODELS if n != "tiny_cnn"]
    unknown = [n for n in names if lookup(n) is None]
    if unknown:
        p.error("unknown model(s) %s (known: %s, or tv:ARCH[:SIZE] for a torchvision architecture)" % (
            ", ".join(unknown), ", ".join(MODELS)))
    torch.set_num_threads(1)
    for name in names:
        export(name, args.case_dir or os.path.join(args.outdir, lookup(name)[0]),
               args.sets_dir, args.calib, args.eval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
