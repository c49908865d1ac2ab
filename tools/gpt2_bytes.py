"""GPT-2's byte-level alphabet, shared by the tools that read a vocab.json."""


def byte_to_unicode():
    """GPT-2's printable stand-ins for the 256 byte values (as vocab.json spells them):
    printable bytes stand for themselves, the rest are shifted past 255."""
    keep = (list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1))
            + list(range(ord("®"), ord("ÿ") + 1)))
    chars = keep[:]
    extra = 0
    for b in range(256):
        if b not in keep:
            keep.append(b)
            chars.append(256 + extra)
            extra += 1
    return {b: chr(c) for b, c in zip(keep, chars)}
