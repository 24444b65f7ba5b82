#!/usr/bin/env bash
# Installs Tablemate as a service on Raspberry Pi OS. Run it from a checkout, as root:
#
#     sudo systemd/install.sh [--enable-i2c]
#
# It creates the tablemate system user (groups gpio, i2c, dialout), a virtualenv in
# /opt/tablemate/venv with Tablemate installed and its bytecode compiled, a default
# /etc/tablemate/tablemate.toml (kept if it exists), and the tablemate.service unit,
# enabled and (re)started. --enable-i2c switches the I2C bus on for the OLED.
# Running it again upgrades Tablemate to the checkout and keeps the config and data.
set -euo pipefail

prefix=/opt/tablemate
venv=$prefix/venv
config_dir=/etc/tablemate
config=$config_dir/tablemate.toml
state_dir=/var/lib/tablemate  # made by systemd (StateDirectory=), owned by the user
user=tablemate
unit=tablemate.service

usage() { sed -n '2,10s/^# \{0,1\}//p' "$0"; }

enable_i2c=no
for arg in "$@"; do
    case $arg in
        --enable-i2c) enable_i2c=yes ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

if [ "$(id -u)" != 0 ]; then
    echo "install.sh: run me as root: sudo $0 $*" >&2
    exit 1
fi
repo=$(cd "$(dirname "$0")/.." && pwd)

echo "== system packages"
# Raspberry Pi OS's python3-lgpio is built against its liblgpio; the one on PyPI
# would need compiling. The venv sees it through --system-site-packages.
missing=()
for package in python3-venv python3-lgpio; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" \
        || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

echo "== user $user"
for group in gpio i2c dialout; do
    getent group "$group" >/dev/null || groupadd --system "$group"
done
if ! id "$user" >/dev/null 2>&1; then
    useradd --system --user-group --home-dir "$state_dir" --no-create-home \
        --shell /usr/sbin/nologin "$user"
fi
usermod --append --groups gpio,i2c,dialout "$user"

echo "== virtualenv $venv"
mkdir -p "$prefix"
[ -x "$venv/bin/python" ] || python3 -m venv --system-site-packages "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet --upgrade "$repo"
# The service cannot write under /opt (ProtectSystem=strict): compile everything now,
# so no start pays for it.
"$venv/bin/python" -m compileall -q -j 0 "$venv" >/dev/null

echo "== config $config"
mkdir -p "$config_dir"
if [ ! -e "$config" ]; then
    cat >"$config" <<'TOML'
# Tablemate settings; every key is optional. Restart after a change:
#     sudo systemctl restart tablemate
[web]
port = 8000

[hardware]
simulate = false
# display = "ssd1306"         # or "sh1106"
# dim_after = 60              # seconds; 0: never dim
# muted = false
# serial_port = "/dev/ttyACM0" # the LED ring controller, if there is one
# Pins: see docs/wiring.md for the default map and every key.
TOML
fi
chown root:"$user" "$config_dir" "$config"
chmod 0750 "$config_dir"
chmod 0640 "$config"

reboot_needed=no
if [ "$enable_i2c" = yes ]; then
    echo "== I2C"
    if ! command -v raspi-config >/dev/null; then
        echo "install.sh: raspi-config not found: enable I2C by hand (dtparam=i2c_arm=on)" >&2
        exit 1
    fi
    if [ "$(raspi-config nonint get_i2c)" != 0 ]; then
        raspi-config nonint do_i2c 0  # 0 means "enable"
        reboot_needed=yes
    fi
fi

echo "== service $unit"
install -m 0644 "$repo/systemd/$unit" "/etc/systemd/system/$unit"
systemctl daemon-reload
systemctl enable "$unit"
systemctl restart "$unit"

echo "Tablemate is installed. Logs: journalctl -u tablemate -f"
echo "Self-test: sudo systemctl stop tablemate && sudo -u $user sh -c \\"
echo "    'cd $state_dir && LG_WD=$state_dir $venv/bin/tablemate selftest --real --config $config'"
if [ "$reboot_needed" = yes ]; then
    echo "I2C was just enabled: reboot once for the OLED to appear (sudo reboot)."
fi
