// The card lives with the rest of the asset views in ../assets; pages import it from here.
export { AssetCard } from '../assets/asset-card';
