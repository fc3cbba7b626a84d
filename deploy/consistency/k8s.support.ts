// deploy/k8s as the tests see it: the manifests kustomization.yaml lists, plus the example Secret.
import assert from 'node:assert/strict';
import { parseAllDocuments } from 'yaml';
import { read } from './repo.support.ts';

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
    secretKeyRef?: { name: string; key: string; optional?: boolean };
  };
}

export interface Probe {
  httpGet?: { path: string; port: string | number };
}

export interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
  volumeMounts?: { name: string; mountPath: string }[];
}

export interface Manifest {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    selector?: { matchLabels?: Record<string, string> } & Record<string, string>;
    ports?: { name?: string; port: number; targetPort?: string | number }[];
    template?: {
      metadata: { labels: Record<string, string> };
      spec: {
        containers: Container[];
        securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
        volumes?: { name: string; emptyDir?: { sizeLimit?: string } }[];
      };
    };
  };
}

export const K8S = 'deploy/k8s';

export function load(file: string): Manifest[] {
  return parseAllDocuments(read(`${K8S}/${file}`)).map((document) => {
    assert.equal(document.errors.length, 0, `${file}: ${document.errors.map((error) => error.message).join('; ')}`);
    return document.toJS() as Manifest;
  });
}

export const kustomization = load('kustomization.yaml')[0] as unknown as { resources: string[]; images: { name: string }[] };
export const manifests = kustomization.resources.flatMap(load);
export const configMap = manifests.find((manifest) => manifest.kind === 'ConfigMap' && manifest.metadata.name === 'lectern-config');
export const exampleSecret = load('secret.example.yaml').find((manifest) => manifest.kind === 'Secret');
export const deployment = (name: string): Manifest | undefined => manifests.find((manifest) => manifest.kind === 'Deployment' && manifest.metadata.name === name);
export const serviceNamed = (name: string): Manifest | undefined => manifests.find((manifest) => manifest.kind === 'Service' && manifest.metadata.name === name);
export const containerOf = (name: string): Container => {
  const found = deployment(name)?.spec?.template?.spec.containers[0];
  assert.ok(found, `no Deployment "${name}" with a container`);
  return found;
};

