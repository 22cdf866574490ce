#!/bin/bash
# services and packaged artifacts for the r29 runs (loopback/sockets only)
S=/work/corpus-r29/scratch
PGB=/usr/lib/postgresql/15/bin
# PostgreSQL in $S/pg, socket only, user postgres owns it
if [ ! -d $S/pg/data ]; then
  mkdir -p $S/pg; chown postgres $S/pg
  su postgres -c "$PGB/initdb -D $S/pg/data -U dev --auth=trust" >/dev/null
fi
su postgres -c "$PGB/pg_ctl -D $S/pg/data -o \"-k $S/pg -c listen_addresses=''\" -l $S/pg/log.txt start" >/dev/null
sleep 2
createdb -h $S/pg -U dev bench 2>/dev/null
pgbench -h $S/pg -U dev -i -s 2 -q bench >/dev/null 2>&1
# Redis on a port in loopback
redis-server --port 16379 --bind 127.0.0.1 --save '' --appendonly no --daemonize yes --dir $S --logfile $S/redis.log
# static HTTP server for ab/siege/wrk/autocannon
mkdir -p $S/www; seq 1 400 | sed 's/^/row /' > $S/www/data.txt; echo '<h1>hello</h1>' > $S/www/index.html
cd $S/www && nohup python3 -m http.server 18200 --bind 127.0.0.1 > $S/httpd.log 2>&1 &
echo $! > $S/httpd.pid
