//! Project tools whose reading modes read only while the project holds nothing that runs or
//! fetches (round 30's held-out false alarms, issue 44): `terraform validate` (the provider
//! plugins an init installed are the project's executables) and `kubectl kustomize DIR` (a
//! remote base is cloned). The command line is read here; what the project holds is the
//! context's (`context::tools`). And `kubectl create KIND … --dry-run=client`, which builds the
//! object from its command line and prints it.

use super::verdict::{Level, Settle, Verdict};

/// `terraform validate` runs the provider plugins `terraform init` installed in `.terraform`
/// (or that a CLI configuration's `dev_overrides` names) to read their schemas; the context
/// looks for them.
pub const TERRAFORM_PROVIDERS: &str =
    "terraform validate runs the provider plugins an init installed in .terraform; no context was read to tell";
/// `kubectl kustomize` clones a remote base or resource with git; the context reads the
/// kustomization files.
pub const KUSTOMIZE_REMOTE: &str =
    "kubectl kustomize fetches the remote bases and resources a kustomization names (git clones them); no context was read to tell";

/// `kubectl create … --dry-run=client` still loads the kubeconfig, whose exec credential
/// plugin runs (measured by round 30's writer); the context reads it (`context::tools`).
pub const KUBECONFIG_PLUGINS: &str =
    "kubectl runs the exec credential plugin its kubeconfig names; no context was read to tell";

/// The verdict on one of this module's programs in a reading mode; `None` to fall through.
pub fn check(program: &str, values: &[&str]) -> Option<Verdict> {
    let reason = match program {
        "kubectl" if kubectl_create_dry_run(values) => KUBECONFIG_PLUGINS,
        "terraform" if terraform_validate(values) => TERRAFORM_PROVIDERS,
        "kubectl" if kustomize_dir(values).is_some() => KUSTOMIZE_REMOTE,
        _ => return None,
    };
    let mut v = Verdict::default();
    v.push_unless(Level::Unknown, reason, Settle::Configuration);
    Some(v)
}

/// `terraform validate [-no-color] [-json]` (terraform validate -help, 1.11): it reads the
/// configuration of the working directory, and writes nothing (measured without an init, with
/// CHECKPOINT_DISABLE: nothing written; the checkpoint, `TF_LOG_PATH` and `TF_CLI_ARGS*` are
/// the context's, as for every terraform command). `-test-directory` only names where tests
/// are; `-chdir` is not taken (the directory the context reads would be another).
pub fn terraform_validate(values: &[&str]) -> bool {
    matches!(values.split_first(), Some((&"validate", rest)) if rest.iter().all(|v| {
        matches!(*v, "-no-color" | "-json" | "-no-tests")
            || v.starts_with("-test-directory=")
    }))
}

/// The directory `kubectl kustomize [DIR]` builds (`.` when none) when every option only
/// shapes what it prints (kubectl kustomize --help, 1.32: `--reorder`, `--load-restrictor`,
/// `--as-current-user` and `--network`, `--mount`, `-e` of the function containers that
/// only `--enable-alpha-plugins` runs). `--enable-alpha-plugins` and `--enable-exec` run
/// plugins, `--enable-helm` runs helm, `-o` writes the output's file or directory; a URL for
/// DIR is fetched.
pub fn kustomize_dir<'a>(values: &[&'a str]) -> Option<&'a str> {
    let (first, rest) = values.split_first()?;
    if *first != "kustomize" {
        return None;
    }
    const FLAGS: &[&str] = &["--as-current-user", "--network"];
    const VALUED: &[&str] = &["--reorder", "--load-restrictor", "--network-name"];
    let mut dir = None;
    let mut i = 0;
    while let Some(v) = rest.get(i) {
        i += 1;
        let name = v.split_once('=').map_or(*v, |(n, _)| n);
        if FLAGS.contains(v) {
        } else if VALUED.contains(&name) {
            if !v.contains('=') {
                rest.get(i)?;
                i += 1;
            }
        } else if v.starts_with('-') || dir.is_some() || v.contains("://") || v.contains('@') {
            return None;
        } else {
            dir = Some(*v);
        }
    }
    Some(dir.unwrap_or("."))
}

/// `kubectl create KIND NAME … --dry-run=client [-o yaml|json|name]` for the kinds kubectl
/// builds from its command line alone (kubectl create --help, 1.32: a ConfigMap, a Secret, a
/// Namespace, a ServiceAccount, a Deployment, a Service): with a client dry run it prints the
/// object and sends nothing (its `Run` creates only when the strategy is not the client's; no
/// discovery, so no cache written). `--from-file` and `--from-env-file` read files. Any other
/// option (`--save-config` aside, which only adds an annotation), output format or kind is
/// not taken: `-o go-template-file=…`, klog's `--log-file`, `kubectl apply --dry-run=client`
/// (which asks the server for its resource types).
fn kubectl_create_dry_run(values: &[&str]) -> bool {
    let rest = match values {
        ["create", "secret", "generic" | "tls" | "docker-registry", rest @ ..] => rest,
        ["create", "service", "clusterip" | "nodeport" | "loadbalancer" | "externalname", rest @ ..] => {
            rest
        }
        ["create", "configmap" | "cm" | "namespace" | "ns" | "serviceaccount" | "sa" | "deployment"
        | "deploy", rest @ ..] => rest,
        _ => return false,
    };
    const VALUED: &[&str] = &[
        "--from-literal",
        "--from-file",
        "--from-env-file",
        "--type",
        "--cert",
        "--key",
        "--docker-server",
        "--docker-username",
        "--docker-password",
        "--docker-email",
        "--image",
        "--port",
        "--replicas",
        "--tcp",
        "--external-name",
        "--node-port",
        "--clusterip",
        "-n",
        "--namespace",
        "--context",
        "--cluster",
        "--user",
        "--kubeconfig",
        "--field-manager",
    ];
    const FLAGS: &[&str] = &["--append-hash", "--save-config", "--show-managed-fields"];
    let mut client = false;
    let mut name = false;
    let mut i = 0;
    while let Some(v) = rest.get(i) {
        i += 1;
        let (option, joined) = match v.split_once('=') {
            Some((o, value)) if o.starts_with('-') => (o, Some(value)),
            _ => (*v, None),
        };
        let value = |i: &mut usize| -> Option<&str> {
            match joined {
                Some(value) => Some(value),
                None => {
                    *i += 1;
                    rest.get(*i - 1).copied()
                }
            }
        };
        match option {
            "--dry-run" => match value(&mut i) {
                Some("client") => client = true,
                _ => return false,
            },
            "-o" | "--output" => match value(&mut i) {
                Some("yaml" | "json" | "name") => {}
                _ => return false,
            },
            o if VALUED.contains(&o) => {
                if value(&mut i).is_none() {
                    return false;
                }
            }
            o if FLAGS.contains(&o) => {}
            o if o.starts_with('-') => return false,
            _ if name => return false,
            _ => name = true,
        }
    }
    client && name
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn command_lines_left_to_the_context() {
        let settled = |p: &str, args: &[&str]| check(p, args).is_some();
        let cases: &[(&str, &[&str], bool)] = &[
            ("terraform", &["validate"], true),
            ("terraform", &["validate", "-no-color"], true),
            ("terraform", &["validate", "-json"], true),
            ("terraform", &["plan"], false),
            ("terraform", &["-chdir=infra", "validate"], false),
            ("kubectl", &["kustomize", "deploy"], true),
            ("kubectl", &["kustomize"], true),
            (
                "kubectl",
                &["kustomize", "--reorder", "none", "deploy"],
                true,
            ),
            ("kubectl", &["kustomize", "--enable-helm", "deploy"], false),
            (
                "kubectl",
                &["kustomize", "--enable-alpha-plugins", "deploy"],
                false,
            ),
            ("kubectl", &["kustomize", "deploy", "-o", "out.yaml"], false),
            (
                "kubectl",
                &["kustomize", "https://github.com/x/y//deploy"],
                false,
            ),
            ("kubectl", &["apply", "-k", "deploy"], false),
            (
                "kubectl",
                &[
                    "create",
                    "configmap",
                    "x",
                    "--from-literal=a=b",
                    "--dry-run=client",
                    "-o",
                    "yaml",
                ],
                true,
            ),
            (
                "kubectl",
                &[
                    "create",
                    "secret",
                    "generic",
                    "s",
                    "--from-file=k=a.txt",
                    "--dry-run=client",
                ],
                true,
            ),
            (
                "kubectl",
                &["create", "configmap", "x", "--from-literal=a=b"],
                false,
            ),
            (
                "kubectl",
                &["create", "configmap", "x", "--dry-run=server"],
                false,
            ),
            (
                "kubectl",
                &[
                    "create",
                    "configmap",
                    "x",
                    "--dry-run=client",
                    "-o",
                    "go-template-file=t",
                ],
                false,
            ),
            (
                "kubectl",
                &[
                    "create",
                    "role",
                    "r",
                    "--verb=get",
                    "--resource=pods",
                    "--dry-run=client",
                ],
                false,
            ),
            (
                "kubectl",
                &["apply", "--dry-run=client", "-f", "cm.yaml"],
                false,
            ),
        ];
        for (program, args, want) in cases {
            assert_eq!(settled(program, args), *want, "{program} {args:?}");
        }
    }
}
