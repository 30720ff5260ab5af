#!/usr/bin/env bash
# The menu bench's yardstick (bench/nginx.ts): Debian's nginx, only the binary is used (the bench
# starts its own instance with its own configuration; the system service is stopped).
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then
  echo "nginx is installed: $(/usr/sbin/nginx -v 2>&1)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y nginx
$SUDO service nginx stop >/dev/null 2>&1 || true
echo "installed: $(/usr/sbin/nginx -v 2>&1)"
