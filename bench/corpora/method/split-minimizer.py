#!/usr/bin/env python3
# split-min.py SRC DST NN : sha256("roundNN-90:"+name) first 4 bytes %4==0 -> DST/tune else DST/holdout
import hashlib, json, os, shutil, sys
src, dst, nn = sys.argv[1:4]
t = h = 0
for d in ('tune', 'holdout'): os.makedirs(os.path.join(dst, d), exist_ok=True)
for f in sorted(os.listdir(src)):
    if not f.endswith('.json'): continue
    name = json.load(open(os.path.join(src, f)))['name']
    k = int.from_bytes(hashlib.sha256(('round%s-90:' % nn + name).encode()).digest()[:4], 'big')
    part = 'tune' if k % 4 == 0 else 'holdout'
    shutil.copy(os.path.join(src, f), os.path.join(dst, part, f))
    if part == 'tune': t += 1
    else: h += 1
print('tune', t, 'holdout', h)
