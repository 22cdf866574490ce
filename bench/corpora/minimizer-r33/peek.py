import json,sys
for n in sys.argv[1:]:
    d=json.load(open('/work/corpus-min33/%s.json'%n))
    o=d['output']; L=o.splitlines()
    print('=====',n,'rc',d['exitCode'],'|',d['tool'],'|',len(L))
    if len(L)>40: print('\n'.join(L[:25])+'\n ...\n'+'\n'.join(L[-10:]))
    else: print(o)
