# The Helix sync relay (relay/main.ts) over SQLite in /data. It stores only ciphertext.
#   docker build -t helix-relay .
#   docker run -d -p 7438:8080 -v helix-relay-data:/data -e HELIX_RELAY_TOKEN=... helix-relay
# Over PostgreSQL instead (no volume needed; run as many containers as you like behind one load
# balancer, all on the one database; give them one signing key, or they keep one in the database):
#   docker run -d -p 7438:8080 -e HELIX_RELAY_DATABASE_URL=postgres://user:pass@db:5432/helix \
#     -e HELIX_RELAY_SIGNING_KEY=$(openssl rand -hex 32) -e HELIX_RELAY_TOKEN=... helix-relay
FROM denoland/deno:2.9.6

WORKDIR /app
COPY deno.json deno.lock ./
COPY core/ core/
COPY relay/ relay/
RUN deno cache --lock=deno.lock --unstable-npm-lazy-caching relay/main.ts

ENV HELIX_RELAY_HOST=0.0.0.0 \
    HELIX_RELAY_PORT=8080 \
    HELIX_RELAY_DATA=/data
VOLUME /data
EXPOSE 8080

# Runs as root: volumes (docker named volumes, Fly volumes) are mounted root-owned. The process
# itself may only write /data.
ENTRYPOINT ["deno", "run", "--lock=deno.lock", "--unstable-npm-lazy-caching", "--allow-net", "--allow-env", "--allow-read", "--allow-write=/data", "relay/main.ts"]
